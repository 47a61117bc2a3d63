import * as yup from 'yup';
import { BRIEF_SCHEMA_FIELDS, CHAPTERS } from '../tools';
import { printedText } from './printed-text';
import { text } from './text';

/** Bounds of an outline's words: what a writer's outline may hold (`isCompleteResult`). */
export const OUTLINE_LIMITS = { chapterTitle: 200, summary: 4000 } as const;

/** Line breaks and tabs in a summary are spaces: an outline keeps one summary per line. */
const oneLine = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[\r\n\t]+/g, ' ').trim() : value;

// A chapter is written from its summary, often in its words: printed text too.
const summary = (what: string) =>
  printedText(
    text(`${what} is invalid`).transform(oneLine).max(OUTLINE_LIMITS.summary, `${what} is too long`),
    what,
  );

/**
 * PUT /api/non-fiction-gen2/books/{id}/outlines/{index}: the author's version of one outline,
 * all of it: the introduction's summary (null or absent: no introduction) and 1 to 12 chapters in
 * their new order.
 */
export const editOutlineRequest = yup.object({
  introduction: summary('The introduction').nullable().optional(),
  chapters: yup
    .array(
      yup.object({
        title: printedText(
          text('Every chapter needs a title')
            .required('Every chapter needs a title')
            .max(OUTLINE_LIMITS.chapterTitle, 'A chapter title is too long'),
          'A chapter title',
        ),
        summary: summary('A chapter summary').required('Every chapter needs a summary'),
      }),
    )
    .typeError('chapters must be a list')
    .required(`A book has ${CHAPTERS.min} to ${CHAPTERS.max} chapters`)
    .min(CHAPTERS.min, `A book has ${CHAPTERS.min} to ${CHAPTERS.max} chapters`)
    .max(CHAPTERS.max, `A book has ${CHAPTERS.min} to ${CHAPTERS.max} chapters`),
});
export type EditOutlineRequest = yup.InferType<typeof editOutlineRequest>;

/**
 * PUT /api/non-fiction-gen2/books/{id}/brief: the book brief every chapter will be written with.
 * A field left blank (or absent) takes its default again.
 */
export const editBriefRequest = yup.object(BRIEF_SCHEMA_FIELDS);
export type EditBriefRequest = yup.InferType<typeof editBriefRequest>;
