import type { GenerationKind } from '@studio/events';
import type { Generator } from './generator';
import { coloringPage, imageEdit, imageV2 } from './images';

/** The generator of each tool. Tools without one yet fail their job, which refunds the credits. */
export const GENERATORS: Partial<Record<GenerationKind, Generator>> = {
  'coloring-page': coloringPage,
  'image-v2': imageV2,
  'image-edit': imageEdit,
};
