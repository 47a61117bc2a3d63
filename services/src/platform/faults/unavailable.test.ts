import {
  asEngineUnavailable,
  EngineUnavailableError,
  isEngineUnreachable,
  isPostgresUnreachable,
} from './unavailable';

describe('engine errors that mean "out of reach"', () => {
  it('knows what node-postgres says when the server is gone, refuses, or a bounded wait runs out', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isPostgresUnreachable(error)).toBe(true);
      expect(isEngineUnreachable(error)).toBe(true);
      expect(asEngineUnavailable(error)).toBeInstanceOf(EngineUnavailableError);
    }
  });

  it('leaves the server’s answers alone: a conflict, a syntax error, a plain bug', () => {
    for (const error of [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      null,
    ]) {
      expect(isPostgresUnreachable(error)).toBe(false);
      expect(isEngineUnreachable(error)).toBe(false);
      expect(asEngineUnavailable(error)).toBeUndefined();
    }
  });
});
