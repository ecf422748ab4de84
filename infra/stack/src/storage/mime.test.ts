import { describe, expect, it } from 'vitest';
import { baseMimeType, isMimeTypeShape, mimeAllowed } from './mime.js';

describe('MIME matching', () => {
  it('allows everything without a list', () => {
    expect(mimeAllowed('application/x-anything', null)).toBe(true);
    expect(mimeAllowed('application/x-anything', [])).toBe(true);
  });

  it('matches exact types, ignoring case and parameters', () => {
    expect(mimeAllowed('Text/Plain; charset=UTF-8', ['text/plain'])).toBe(true);
    expect(mimeAllowed('text/html', ['text/plain'])).toBe(false);
  });

  it('matches a family wildcard and */*', () => {
    expect(mimeAllowed('image/png', ['image/*'])).toBe(true);
    expect(mimeAllowed('image/svg+xml', ['application/pdf', 'image/*'])).toBe(true);
    expect(mimeAllowed('imagex/png', ['image/*'])).toBe(false);
    expect(mimeAllowed('video/mp4', ['*/*'])).toBe(true);
  });

  it('normalises and shape-checks types', () => {
    expect(baseMimeType(' Image/PNG ; q=1')).toBe('image/png');
    expect(isMimeTypeShape('image/*')).toBe(true);
    expect(isMimeTypeShape('application/vnd.ms-excel')).toBe(true);
    expect(isMimeTypeShape('not a type')).toBe(false);
  });
});
