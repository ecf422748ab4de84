import { describe, expect, it } from 'vitest';
import { contentRange, rangeStatus } from './handlers/respond.js';
import { pgErrorToRest } from './pg-errors.js';

describe('pgErrorToRest', () => {
  it('maps SQLSTATEs to PostgREST statuses', () => {
    const status = (code: string, message = 'x', authenticated = true) =>
      pgErrorToRest({ code, message }, authenticated).status;
    expect(status('23505')).toBe(409);
    expect(status('23503')).toBe(409);
    expect(status('25006')).toBe(405);
    expect(status('42501', 'x', false)).toBe(401);
    expect(status('42501', 'x', true)).toBe(403);
    expect(status('P0001')).toBe(400);
    expect(status('PT418')).toBe(418);
    expect(status('42883')).toBe(404);
    expect(status('21000', 'UPDATE requires a WHERE clause')).toBe(400);
    expect(status('21000', 'more than one row returned by a subquery')).toBe(500);
    expect(status('22023', 'role "x" does not exist')).toBe(401);
    expect(status('57014')).toBe(500);
    expect(status('53300')).toBe(503);
    expect(status('22P02')).toBe(400);
  });

  it('keeps message, detail and hint, and asks anon to authenticate on 401', () => {
    const error = pgErrorToRest(
      { code: '42501', message: 'permission denied for table t', detail: 'd', hint: 'h' },
      false,
    );
    expect(error.body()).toEqual({
      code: '42501',
      message: 'permission denied for table t',
      details: 'd',
      hint: 'h',
    });
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it('turns RAISE SQLSTATE PGRST into a custom response, and bad JSON into PGRST121', () => {
    const custom = pgErrorToRest(
      {
        code: 'PGRST',
        message: '{"code":"123","message":"Nope"}',
        detail: '{"status":418,"headers":{"X-A":"b"}}',
      },
      true,
    );
    expect(custom.status).toBe(418);
    expect(custom.body()).toEqual({ code: '123', message: 'Nope', details: null, hint: null });
    expect(custom.headers).toEqual({ 'X-A': 'b' });
    expect(pgErrorToRest({ code: 'PGRST', message: 'not json' }, true).code).toBe('PGRST121');
  });

  it('reads the guards that abort singular and max-affected mutations', () => {
    const singular = pgErrorToRest(
      { code: '42704', message: 'unrecognized configuration parameter "pgrst_guard.singular_3"' },
      true,
    );
    expect(singular.body()).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 3 rows',
      hint: null,
    });
    expect(
      pgErrorToRest(
        { code: '42704', message: 'unrecognized configuration parameter "pgrst_guard.max_affected_9"' },
        true,
      ).code,
    ).toBe('PGRST124');
  });
});

describe('Content-Range', () => {
  it('formats ranges and totals as PostgREST does', () => {
    expect(contentRange(0, 9, 100)).toBe('0-9/100');
    expect(contentRange(0, -1, 0)).toBe('*/0');
    expect(contentRange(0, 4, null)).toBe('0-4/*');
    expect(contentRange(1, 0, 3)).toBe('*/3');
    expect(rangeStatus(0, 9, 100)).toBe(206);
    expect(rangeStatus(0, 99, 100)).toBe(200);
    expect(rangeStatus(200, 199, 100)).toBe(416);
    expect(rangeStatus(0, 9, null)).toBe(200);
  });
});
