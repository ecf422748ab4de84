import { describe, expect, it } from 'vitest';
import { parseTransform, transformationSegments, transformFromSegments } from './image-transform.js';

describe('image transformation options', () => {
  it("states what applies in imgproxy's words, sizes clamped to 1..2000", () => {
    expect(transformationSegments({ width: 5000, height: 200, quality: 60 })).toEqual([
      'height:200',
      'width:2000',
      'resizing_type:fill',
      'quality:60',
    ]);
    expect(transformationSegments({ width: 10, resize: 'contain', format: 'webp' })).toEqual([
      'width:10',
      'resizing_type:fit',
      'format:webp',
    ]);
    expect(transformationSegments({ height: 10, resize: 'fill', format: 'origin' })).toEqual([
      'height:10',
      'resizing_type:force',
    ]);
  });

  it('round-trips the options a signed URL carries', () => {
    const options = { width: 120, height: 60, resize: 'contain' as const, quality: 70 };
    expect(transformFromSegments(transformationSegments(options, true).join(','))).toEqual({
      ...options,
      format: undefined,
    });
  });

  it("refuses what storage-api's schema refuses, in words", () => {
    expect(() => parseTransform(new URLSearchParams('width=abc'))).toThrow('width must be integer');
    expect(() => parseTransform(new URLSearchParams('quality=101'))).toThrow('quality must be <= 100');
    expect(() => parseTransform({ format: 'gif' })).toThrow(
      'format must be equal to one of the allowed values: origin, avif, webp',
    );
    expect(parseTransform({})).toEqual({
      width: undefined,
      height: undefined,
      resize: undefined,
      quality: undefined,
      format: undefined,
    });
  });
});
