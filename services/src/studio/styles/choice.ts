import {
  SAVED_STYLE_TIERS,
  STYLE_MESSAGES,
  type StyleChoice,
  type StylePreset,
  savedStyleIdOf,
  savedStylesAllowed,
  stylesStream,
  type Tier,
} from '@studio/events';
import { loadAccount } from '../../account/identity';
import type { CommandHandler } from '../../platform/command-handler';
import { DomainError } from '../../platform/errors';
import { stylesDecider } from './decider';

/** Only Premium saves or uses its own styles: a 403 that says so (docs/product/creation-tools-qr.md (Screens and routes: Styles)). */
export async function requireSavedStylesPlan(commands: CommandHandler, userId: string): Promise<void> {
  const tier: Tier | undefined = (await loadAccount(commands, userId))?.tier;
  if (!savedStylesAllowed(tier))
    throw new DomainError('TIER_REQUIRED', STYLE_MESSAGES.premiumOnly, { tiers: SAVED_STYLE_TIERS });
}

/**
 * A request's `style` as the job keeps it: nothing for the tool's own look, a preset, or the
 * caller's saved style copied whole (a style deleted later leaves the job as it was asked). A
 * saved style needs the Premium plan now, and must be the caller's own: another account's id is
 * answered as not found, like one that never existed.
 */
export async function resolveStyle(
  commands: CommandHandler,
  userId: string,
  value: string | undefined,
): Promise<StyleChoice | undefined> {
  if (value === undefined || value === 'none') return undefined;
  const styleId = savedStyleIdOf(value);
  if (!styleId) return { preset: value as Exclude<StylePreset, 'none'> };
  await requireSavedStylesPlan(commands, userId);
  const { state } = await commands.load(stylesStream(userId), stylesDecider);
  const saved = state.styles[styleId];
  if (!saved) throw new DomainError('NOT_FOUND', STYLE_MESSAGES.notFound, { field: 'style' });
  return {
    savedStyleId: styleId,
    name: saved.name,
    description: saved.description,
    ...(saved.referenceBlobId ? { referenceBlobId: saved.referenceBlobId } : {}),
  };
}
