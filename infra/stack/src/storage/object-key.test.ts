import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.js';
import {
  decodeSegment,
  isValidBucketName,
  normalizeListPrefix,
  objectKeyFromSegments,
  rawPathBelow,
  validateObjectKey,
} from './object-key.js';

function invalidKey(fn: () => unknown): StorageError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('InvalidKey');
    return error as StorageError;
  }
  throw new Error('expected InvalidKey');
}

describe('object keys', () => {
  it('accepts ordinary names, including spaces, unicode and dots inside segments', () => {
    for (const key of ['a.txt', 'folder/sub/file.tar.gz', 'a file é.txt', '.hidden/..ok', 'x/...']) {
      expect(validateObjectKey(key)).toBe(key);
    }
  });

  it('refuses traversal, empty segments, leading slash, backslashes and control characters', () => {
    for (const key of [
      '',
      '../a',
      'a/../b',
      'a/..',
      '..',
      './a',
      'a//b',
      'a/',
      '/a',
      'a\\b',
      'a\u0000b',
      'a\nb',
      'a\u007fb',
    ]) {
      invalidKey(() => validateObjectKey(key));
    }
  });

  it('refuses names over 1024 bytes', () => {
    expect(validateObjectKey('é'.repeat(512))).toHaveLength(512);
    invalidKey(() => validateObjectKey('é'.repeat(513)));
  });

  it('decodes each segment before checking, so escaped traversal is caught', () => {
    expect(objectKeyFromSegments(['a%20b', 'c%C3%A9.txt'])).toBe('a b/cé.txt');
    invalidKey(() => objectKeyFromSegments(['a', '..%2F..%2Fb']));
    invalidKey(() => objectKeyFromSegments(['%2e%2e', 'b']));
    invalidKey(() => objectKeyFromSegments(['a%5Cb']));
    expect(invalidKey(() => decodeSegment('%E0%A4%A')).message).toContain('%E0%A4%A');
  });

  it('takes the raw path below the prefix, without the query and without resolving ".."', () => {
    expect(rawPathBelow('/storage/v1/object/b/../x?token=1', '/storage/v1')).toBe('/object/b/../x');
    expect(rawPathBelow('http://host:1/storage/v1/bucket', '/storage/v1')).toBe('/bucket');
  });

  it('validates bucket names as storage does', () => {
    expect(isValidBucketName('avatars')).toBe(true);
    expect(isValidBucketName('my bucket (1)')).toBe(true);
    expect(isValidBucketName('a/b')).toBe(false);
    expect(isValidBucketName('..')).toBe(false);
    expect(isValidBucketName('x'.repeat(101))).toBe(false);
  });

  it('normalises list prefixes to "" or "folder/"', () => {
    expect(normalizeListPrefix(undefined)).toBe('');
    expect(normalizeListPrefix('/')).toBe('');
    expect(normalizeListPrefix('a/b/')).toBe('a/b/');
    expect(normalizeListPrefix('a')).toBe('a/');
    invalidKey(() => normalizeListPrefix('a/../b'));
  });
});
