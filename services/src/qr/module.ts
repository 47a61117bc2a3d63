import type { FeatureModule } from '../platform/module';

/**
 * QR codes, their scans and signups on `qr-{id}` (spec 02 §2, §3, §7). Wired into every process
 * already; its commands, routes and projections arrive with the QR issue.
 */
export function qrModule(): FeatureModule {
  return { name: 'qr' };
}
