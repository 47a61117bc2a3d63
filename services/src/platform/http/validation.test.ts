import * as yup from 'yup';
import { DomainError } from '../errors';
import { parse } from './validation';

const schema = yup.object({
  name: yup
    .string()
    .required('Name must be at least 2 characters')
    .min(2, 'Name must be at least 2 characters'),
  nickname: yup.string().max(5).optional(),
  age: yup.number().integer().optional(),
});

function failure(value: unknown): DomainError {
  try {
    parse(schema, value);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('parse accepted the value');
}

describe('parse (yup request schemas)', () => {
  it('returns the validated value and drops unknown keys', () => {
    expect(parse(schema, { name: 'Ada', admin: true })).toEqual({ name: 'Ada' });
  });

  it("passes a schema's own message through with the field", () => {
    const error = failure({ name: 'A' });
    expect([error.code, error.message, error.details]).toEqual([
      'VALIDATION',
      'Name must be at least 2 characters',
      { field: 'name' },
    ]);
  });

  it('treats a missing body as an empty object', () => {
    expect(failure(undefined).message).toBe('Name must be at least 2 characters');
  });

  it.each([
    [{ name: 'Ada', nickname: 'toolongname' }, 'nickname is missing or invalid'],
    [{ name: 'Ada', age: 'old' }, 'age is missing or invalid'],
    [{ name: 'Ada', age: 1.5 }, 'age is missing or invalid'],
  ])("turns yup's own wording for %j into %j", (value, message) => {
    expect(failure(value).message).toBe(message);
  });

  it('reports one problem, not a list', () => {
    expect(['Name must be at least 2 characters', 'nickname is missing or invalid']).toContain(
      failure({ name: 'A', nickname: 'toolongname' }).message,
    );
  });

  it('answers a body that is not an object without naming a field', () => {
    const error = failure('just text');
    expect([error.message, error.details]).toEqual(['Invalid request', undefined]);
  });
});
