import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities.js';

describe('HTML entities', () => {
  it.each([
    ['A &amp; B &lt;x&gt; &quot;q&quot; &#39;s&#039; &apos;', "A & B <x> \"q\" 's' '"],
    ['&#8211; &#x27; &#X2014;', "– ' —"],
    ['&nbsp; &#0; &#xD800; &#99999999; &amp', '&nbsp; &#0; &#xD800; &#99999999; &amp'],
    ['&amp;amp;amp;lt;', '<'],
  ])('%s', (raw, decoded) => {
    expect(decodeHtmlEntities(raw)).toBe(decoded);
  });
});
