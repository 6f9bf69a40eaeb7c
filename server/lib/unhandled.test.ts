import { describe, expect, it } from 'vitest';
import { isLostDatabaseConnection, unhandledVerdict } from './unhandled';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('unhandled rejections', () => {
  it('recognises a lost database connection by SQLSTATE, socket code or pg message', () => {
    expect(isLostDatabaseConnection(pgError('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isLostDatabaseConnection(pgError('08006', 'connection failure'))).toBe(true);
    expect(isLostDatabaseConnection(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isLostDatabaseConnection(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isLostDatabaseConnection(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
  });

  it('does not mistake other failures for a lost connection', () => {
    expect(isLostDatabaseConnection(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isLostDatabaseConnection(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isLostDatabaseConnection('a string')).toBe(false);
    expect(isLostDatabaseConnection(undefined)).toBe(false);
  });

  it('keeps serving on a lost connection, stops on a bug, ignores everything while stopping', () => {
    const lost = pgError('57P01', 'terminating connection due to administrator command');
    const bug = new TypeError('x is not a function');
    expect(unhandledVerdict(lost, false)).toBe('log');
    expect(unhandledVerdict(bug, false)).toBe('stop');
    expect(unhandledVerdict(bug, true)).toBe('ignore');
    expect(unhandledVerdict(lost, true)).toBe('ignore');
  });
});
