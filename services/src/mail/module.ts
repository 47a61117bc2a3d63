import type { Config } from '../platform/config';
import type { MailSender } from '../platform/mail/port';
import type { FeatureModule, Platform } from '../platform/module';
import { mailer } from './mailer';

/**
 * Where the links in messages lead: PUBLIC_URL, else this server's own address (the embedded
 * `npm start`). Never the Host of a request: whoever asks for a reset link would choose where the
 * victim's link points.
 */
export function linkBase(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * The messages the product mails its users. `sender` is given only where the reactors run (the
 * relay role, or the embedded process): elsewhere the module holds nothing.
 */
export function mailModule(
  platform: Pick<Platform, 'commands' | 'clock' | 'readStore' | 'config'>,
  sender: MailSender | undefined,
): FeatureModule {
  const base = linkBase(platform.config);
  return {
    name: 'mail',
    ...(sender
      ? {
          reactors: [
            mailer({
              commands: platform.commands,
              readStore: platform.readStore,
              clock: platform.clock,
              sender,
              linkBase: base,
              domain: new URL(base).hostname || 'localhost',
            }),
          ],
        }
      : {}),
  };
}
