import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.js';
import {
  expiresInSeconds,
  signDownloadToken,
  signUploadToken,
  verifyDownloadToken,
  verifyUploadToken,
} from './signed-token.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    return (error as StorageError).code;
  }
  throw new Error('expected a StorageError');
}

describe('signed URL tokens', () => {
  it('round-trips a download token for exactly its url', async () => {
    const token = await signDownloadToken('b/a.txt', 60, SECRET);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(await verifyDownloadToken(token, 'b/a.txt', SECRET)).toEqual({ url: 'b/a.txt', exp: claims.exp });
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'url']);
    expect(await code(verifyDownloadToken(token, 'b/other.txt', SECRET))).toBe('InvalidSignature');
  });

  it('carries the transformations of a transformed image URL', async () => {
    const token = await signDownloadToken('b/p.jpg', 60, SECRET, 'width:100,resize:contain');
    expect(await verifyDownloadToken(token, 'b/p.jpg', SECRET)).toMatchObject({
      url: 'b/p.jpg',
      transformations: 'width:100,resize:contain',
    });
  });

  it('refuses a missing, tampered, foreign-secret or expired token as InvalidJWT', async () => {
    const token = await signDownloadToken('b/a.txt', 60, SECRET);
    expect(await code(verifyDownloadToken(null, 'b/a.txt', SECRET))).toBe('InvalidJWT');
    expect(await code(verifyDownloadToken(`${token.slice(0, -2)}xx`, 'b/a.txt', SECRET))).toBe('InvalidJWT');
    expect(await code(verifyDownloadToken(token, 'b/a.txt', `${SECRET}-other`))).toBe('InvalidJWT');
    const expired = await signDownloadToken('b/a.txt', -10, SECRET);
    expect(await code(verifyDownloadToken(expired, 'b/a.txt', SECRET))).toBe('InvalidJWT');
  });

  it('keeps upload and download tokens apart', async () => {
    const upload = await signUploadToken({ url: 'b/a.txt', upsert: false, owner: 'u1' }, 60, SECRET);
    expect(await verifyUploadToken(upload, 'b/a.txt', SECRET)).toEqual({
      url: 'b/a.txt',
      upsert: false,
      owner: 'u1',
    });
    expect(await code(verifyDownloadToken(upload, 'b/a.txt', SECRET))).toBe('InvalidJWT');
    const download = await signDownloadToken('b/a.txt', 60, SECRET);
    expect(await code(verifyUploadToken(download, 'b/a.txt', SECRET))).toBe('InvalidJWT');
  });

  it('reads expiresIn as whole seconds of at least 1', () => {
    expect(expiresInSeconds(60)).toBe(60);
    expect(expiresInSeconds('3600')).toBe(3600);
    expect(expiresInSeconds(1.9)).toBe(1);
    for (const bad of [undefined, 0, -1, 'soon', Number.POSITIVE_INFINITY]) {
      expect(() => expiresInSeconds(bad)).toThrow(StorageError);
    }
  });
});
