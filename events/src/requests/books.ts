import * as yup from 'yup';

/** spec 02 §7: POST /api/non-fiction-gen2/generate-book (outlineId is the book id; outlineIndex 0..2). */
export const generateBookRequest = yup.object({
  outlineId: yup
    .string()
    .typeError('outlineId is required')
    .trim()
    .required('outlineId is required')
    .max(100),
  userId: yup.string().max(100, 'userId is invalid').optional(),
  outlineIndex: yup
    .number()
    .typeError('outlineIndex must be 0, 1 or 2')
    .required('outlineIndex must be 0, 1 or 2')
    .oneOf([0, 1, 2] as const, 'outlineIndex must be 0, 1 or 2'),
});
export type GenerateBookRequest = yup.InferType<typeof generateBookRequest>;
