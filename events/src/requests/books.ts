import * as yup from 'yup';
import { numeric, text } from './text';

/** spec 02 §7: POST /api/non-fiction-gen2/generate-book (outlineId is the book id; outlineIndex 0..2). */
export const generateBookRequest = yup.object({
  outlineId: text('outlineId is required').required('outlineId is required').max(100),
  userId: text('userId is invalid').max(100, 'userId is invalid').optional(),
  outlineIndex: numeric('outlineIndex must be 0, 1 or 2')
    .required('outlineIndex must be 0, 1 or 2')
    .oneOf([0, 1, 2] as const, 'outlineIndex must be 0, 1 or 2'),
});
export type GenerateBookRequest = yup.InferType<typeof generateBookRequest>;
