import type { GenerationInputs } from '@studio/events';
import type { GeneratorJob } from '../studio/generators/generator';

/** Pip's story: the kids-book input the tests and the bench ask for when any story will do. */
export const PIP_STORY: GenerationInputs['kids-book'] = {
  storyDescription: 'Pip the puppy learns to swim at the seaside',
  characterName: 'Pip',
  characterGender: 'boy',
};

/** The kids-book generator's main phase for Pip's story, with what `input` adds (a photo). */
export const pipKidsBookJob = (
  generationId: string,
  input: Partial<GenerationInputs['kids-book']> = {},
): GeneratorJob<'kids-book'> => ({
  generationId,
  kind: 'kids-book',
  phase: 'main',
  input: { ...PIP_STORY, ...input },
});
