import * as yup from 'yup';
import type { Event } from './envelope';
import { text } from './requests/text';
import type { Tier } from './subscription';

/**
 * Art styles (docs/product/creation-tools-qr.md (Screens and routes: Styles)): presets every plan may pick on the
 * picture tools, book covers and kids books, and the styles a Premium account saves itself
 * ("custom styles", docs/product/accounts-billing-admin.md (Limits and costs)). No I/O: the
 * screens read the same lists and limits as the server.
 */

/** `none` is the tool's own look (what a request without a style gets). */
export const STYLE_PRESETS = ['none', 'watercolour', 'pencil', 'flat-vector', 'clay', 'comic'] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number];
export const DEFAULT_STYLE: StylePreset = 'none';

/** How a preset is offered on the forms. */
export const STYLE_PRESET_LABELS: Record<StylePreset, string> = {
  none: 'Default',
  watercolour: 'Watercolour',
  pencil: 'Pencil',
  'flat-vector': 'Flat vector',
  clay: 'Clay',
  comic: 'Comic',
};

/** A request names a saved style as `saved:{styleId}`. */
export const SAVED_STYLE_PREFIX = 'saved:';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SAVED_STYLE_VALUE = new RegExp(`^${SAVED_STYLE_PREFIX}(${UUID})$`);
export const savedStyleValue = (styleId: string) => `${SAVED_STYLE_PREFIX}${styleId}`;
/** The saved style a request's `style` names, if it names one. */
export const savedStyleIdOf = (value: string | undefined): string | undefined =>
  value ? SAVED_STYLE_VALUE.exec(value)?.[1] : undefined;

/** Only Premium saves and uses its own styles; presets are for every plan. */
export const SAVED_STYLE_TIERS = ['Premium'] as const satisfies readonly Tier[];
export const savedStylesAllowed = (tier: Tier | undefined): boolean =>
  (SAVED_STYLE_TIERS as readonly (Tier | undefined)[]).includes(tier);

export const SAVED_STYLE_LIMITS = {
  /** Saved styles an account may keep at once. */
  perAccount: 20,
  name: { min: 2, max: 40 },
  description: { min: 10, max: 400 },
  /** The reference picture's own bytes (a data URL carries 4/3 of them). */
  imageBytes: 2 * 1024 * 1024,
} as const;

export const STYLE_MESSAGES = {
  unknown: 'Choose one of the styles offered.',
  premiumOnly:
    'Saved styles are part of the Premium plan. Upgrade to Premium to save and use your own styles.',
  notFound: 'Style not found',
  limit: `You can keep at most ${SAVED_STYLE_LIMITS.perAccount} saved styles. Delete one to save another.`,
  name: `Give the style a name of ${SAVED_STYLE_LIMITS.name.min} to ${SAVED_STYLE_LIMITS.name.max} characters.`,
  description: `Describe the style in ${SAVED_STYLE_LIMITS.description.min} to ${SAVED_STYLE_LIMITS.description.max} characters.`,
  imageTooLarge: 'The reference picture must be smaller than 2 MB.',
} as const;

/** The `style` field of the tools that take one: a preset, or a saved style of the caller's; absent is `none`. */
export const styleField = () =>
  text(STYLE_MESSAGES.unknown)
    .test({
      name: 'style',
      message: STYLE_MESSAGES.unknown,
      test: (value) =>
        value === undefined ||
        (STYLE_PRESETS as readonly string[]).includes(value) ||
        SAVED_STYLE_VALUE.test(value),
    })
    .optional();

/** `POST /api/styles`: a saved style; the reference picture is a data URL (PNG, JPEG or WebP). */
export const savedStyleRequest = yup.object({
  name: text(STYLE_MESSAGES.name)
    .required(STYLE_MESSAGES.name)
    .min(SAVED_STYLE_LIMITS.name.min, STYLE_MESSAGES.name)
    .max(SAVED_STYLE_LIMITS.name.max, STYLE_MESSAGES.name),
  description: text(STYLE_MESSAGES.description, { lines: 'many' })
    .required(STYLE_MESSAGES.description)
    .min(SAVED_STYLE_LIMITS.description.min, STYLE_MESSAGES.description)
    .max(SAVED_STYLE_LIMITS.description.max, STYLE_MESSAGES.description),
  referenceImage: text(STYLE_MESSAGES.imageTooLarge)
    .max(Math.ceil((SAVED_STYLE_LIMITS.imageBytes * 4) / 3) + 100, STYLE_MESSAGES.imageTooLarge)
    .optional(),
});
export type SavedStyleRequest = yup.InferType<typeof savedStyleRequest>;

/** A saved style as the list answers it. */
export interface SavedStyleView {
  id: string;
  name: string;
  description: string;
  /** The reference picture's address, when the style has one. */
  imageUrl: string | null;
  createdAt: string;
}

/** `GET /api/styles`: the caller's styles, and whether their plan lets them save and use them. */
export interface SavedStylesResponse {
  styles: SavedStyleView[];
  canUse: boolean;
  limit: number;
}

export const STYLES_PATH = '/api/styles';

/**
 * The style a job draws in, as the request resolved it: a preset, or a saved style copied with
 * the request (so a style deleted later does not change a job that is running or retried).
 */
export type StyleChoice =
  | { preset: Exclude<StylePreset, 'none'> }
  | { savedStyleId: string; name: string; description: string; referenceBlobId?: string };

/** `styles-{userId}`: an account's saved styles, one stream so the per-account limit is one decision. */
export type StyleSaved = Event<
  'StyleSaved',
  { styleId: string; userId: string; name: string; description: string; referenceBlobId?: string }
>;
export type StyleDeleted = Event<'StyleDeleted', { styleId: string; userId: string }>;
export type StyleEvent = StyleSaved | StyleDeleted;
