import { describe, expect, it } from 'vitest';
import { keywordWatchRow } from './keyword-watch';

describe('keywordWatchRow', () => {
  it('keeps a keyword as typed and matches it lower-case', () => {
    expect(keywordWatchRow('keyword', '  ACME   Corp ')).toEqual({
      ok: true,
      row: { kind: 'keyword', value: 'ACME Corp', value_ascii: 'acme corp' },
    });
  });

  it('matches a domain keyword and an e-mail domain in their IDNA ASCII form', () => {
    expect(keywordWatchRow('keyword', 'Bücher.de')).toEqual({
      ok: true,
      row: { kind: 'keyword', value: 'Bücher.de', value_ascii: 'xn--bcher-kva.de' },
    });
    expect(keywordWatchRow('email-domain', '@Acme[.]COM')).toEqual({
      ok: true,
      row: { kind: 'email-domain', value: 'Acme.COM', value_ascii: 'acme.com' },
    });
    expect(keywordWatchRow('email-domain', 'ceo@bücher.de')).toMatchObject({
      ok: true,
      row: { value_ascii: 'xn--bcher-kva.de' },
    });
  });

  it('refuses what the table would', () => {
    expect(keywordWatchRow('keyword', 'a')).toMatchObject({ ok: false, reason: /at least 2/ });
    expect(keywordWatchRow('keyword', 'x'.repeat(254))).toMatchObject({ ok: false, reason: /at most 253/ });
    expect(keywordWatchRow('email-domain', 'not a domain')).toMatchObject({
      ok: false,
      reason: /e-mail domain/,
    });
  });
});
