import * as yup from 'yup';
import { DomainError } from '../errors';
import { parse } from './validation';

const schema = yup.object({
  settings: yup.object({ colour: yup.string().optional() }).default(undefined).optional(),
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

  it("reads a body parser's object without a prototype (query strings)", () => {
    expect(parse(schema, Object.assign(Object.create(null), { name: 'Ada' }))).toEqual({ name: 'Ada' });
  });

  it('drops keys every object inherits, at the top and nested, before yup sees them', () => {
    const body = JSON.parse(
      '{"name":"Ada","toString":1,"constructor":{},"hasOwnProperty":1,"__proto__":{"admin":true},' +
        '"settings":{"colour":"red","valueOf":1,"__proto__":{"admin":true},"prototype":{}}}',
    );
    const parsed = parse(schema, body);
    expect(parsed).toEqual({ name: 'Ada', settings: { colour: 'red' } });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(parsed.settings)).toBe(Object.prototype);
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
  });

  it.each([
    ['a field', (deep: unknown) => ({ name: 'Ada', nickname: deep })],
    ['the body', (deep: unknown) => deep],
  ])('answers an array nested 45 000 deep in %s with a 400, not a stack overflow', (_where, body) => {
    const deep = JSON.parse(`${'['.repeat(45_000)}${']'.repeat(45_000)}`);
    const error = failure(body(deep));
    expect([error.code, error.message]).toEqual(['VALIDATION', 'Invalid request']);
  });

  it('refuses a body with more values than any request has', () => {
    expect(failure({ name: 'Ada', nickname: Array.from({ length: 5_000 }, () => 0) }).message).toBe(
      'Invalid request',
    );
  });
});
