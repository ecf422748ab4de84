import { describe, expect, it } from 'vitest';
import { JwtError } from '../kernel/jwt.js';
import { errors, StorageError, toStorageError } from './errors.js';

describe('storage errors', () => {
  it('render with the status as a string and answer HTTP 400 unless the server failed', () => {
    expect(errors.noSuchKey().render()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    expect(errors.noSuchKey().httpStatus).toBe(400);
    expect(errors.alreadyExists().render()).toMatchObject({ statusCode: '409', error: 'Duplicate' });
    expect(errors.entityTooLarge().render()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(errors.invalidMimeType('text/html').render()).toMatchObject({
      statusCode: '415',
      message: 'mime type text/html is not supported',
    });
    expect(errors.internal().httpStatus).toBe(500);
  });

  it('maps Postgres errors by SQLSTATE', () => {
    const rls = toStorageError({
      code: '42501',
      message: 'new row violates row-level security policy for table "objects"',
    });
    expect(rls.render()).toMatchObject({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized' });
    expect(rls.message).toContain('row-level security');
    expect(toStorageError({ code: '23505', message: 'duplicate key' }).statusCode).toBe(409);
    expect(toStorageError({ code: '22P02', message: 'bad input' }).render()).toMatchObject({
      statusCode: '400',
      code: 'InvalidRequest',
    });
    expect(toStorageError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }).httpStatus).toBe(503);
    expect(toStorageError({ code: 'XX000', message: 'internal' }).httpStatus).toBe(500);
    // A project's upload-quota trigger (53100): 413 with its reason, a client error.
    const quota = toStorageError({ code: '53100', message: 'You may hold 1 MiB' });
    expect(quota.render()).toMatchObject({
      statusCode: '413',
      code: 'EntityTooLarge',
      message: 'You may hold 1 MiB',
    });
    expect(quota.httpStatus).toBe(400);
  });

  it('maps JWT failures to AccessDenied with the JWT message, and passes StorageErrors through', () => {
    const denied = toStorageError(new JwtError('expired', 'JWT expired'));
    expect(denied.render()).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'JWT expired',
    });
    const original = errors.invalidKey('../x');
    expect(toStorageError(original)).toBe(original);
    expect(toStorageError(new Error('boom'))).toBeInstanceOf(StorageError);
    expect(toStorageError(new Error('boom')).message).toBe('Internal server error');
  });
});
