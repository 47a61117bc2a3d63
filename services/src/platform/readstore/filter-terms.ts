// The port's filter and sort subset, read alike by every adapter: the same operators, the same
// scalar values, the same collection names and sort directions, and the same error for each misuse.
// Each adapter then writes the terms in its own dialect.
import type { Condition, FindOptions, Scalar } from './port';

export const OPERATORS = new Set(['$eq', '$ne', '$in', '$gt', '$gte', '$lt', '$lte']);
const COMPARISONS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
type Sign = (typeof COMPARISONS)[keyof typeof COMPARISONS];

export type Term =
  | { op: '$eq'; value: Scalar }
  | { op: '$ne'; value: Scalar }
  | { op: '$in'; values: Scalar[] }
  | { op: 'compare'; sign: Sign; value: Scalar };

export function checkCollectionName(collection: string): string {
  if (!/^[A-Za-z0-9_]{1,100}$/.test(collection)) {
    throw new Error(`Invalid collection name ${JSON.stringify(collection)}`);
  }
  return collection;
}

export function scalar(field: string, value: unknown): Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Invalid value for ${field}: ${JSON.stringify(value)}`);
}

/** A field's condition as terms that must all hold: a bare value is `$eq`; undefined operands are dropped. */
export function conditionTerms(field: string, condition: Condition): Term[] {
  if (!isOperatorObject(condition)) return [{ op: '$eq', value: scalar(field, condition) }];
  const entries = Object.entries(condition).filter(([, value]) => value !== undefined);
  if (entries.length === 0) throw new Error(`Empty condition on ${field}`);
  return entries.map(([operator, operand]): Term => {
    if (operator === '$eq') return { op: '$eq', value: scalar(field, operand) };
    if (operator === '$ne') return { op: '$ne', value: scalar(field, operand) };
    if (operator === '$in') {
      if (!Array.isArray(operand)) throw new Error(`$in on ${field} needs an array`);
      return { op: '$in', values: operand.map((value) => scalar(field, value)) };
    }
    if (operator in COMPARISONS) {
      const sign = COMPARISONS[operator as keyof typeof COMPARISONS];
      return { op: 'compare', sign, value: scalar(field, operand) };
    }
    throw new Error(`Unsupported operator ${operator} on ${field}`);
  });
}

function isOperatorObject(condition: Condition): condition is Exclude<Condition, Scalar> {
  if (condition === null || typeof condition !== 'object') return false;
  if (Object.keys(condition).some((k) => !OPERATORS.has(k))) {
    throw new Error(`Unsupported condition ${JSON.stringify(condition)}`);
  }
  return true;
}

/** The find's page, each bound checked; no limit is undefined. */
export function pageOf(options: FindOptions): { limit: number | undefined; skip: number } {
  const { limit, skip = 0 } = options;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0))
    throw new Error(`Invalid limit ${limit}`);
  if (!Number.isInteger(skip) || skip < 0) throw new Error(`Invalid skip ${skip}`);
  return { limit, skip };
}

/** The sort's fields in order, each direction checked; the adapters add `_id` to break ties. */
export function sortFields(sort: FindOptions['sort']): [field: string, direction: 1 | -1][] {
  return Object.entries(sort ?? {}).map(([field, direction]) => {
    if (direction !== 1 && direction !== -1) throw new Error(`Invalid sort direction for ${field}`);
    return [field, direction];
  });
}
