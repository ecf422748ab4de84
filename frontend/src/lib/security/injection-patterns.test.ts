import { describe, expect, it } from 'vitest';
import { INJECTION_PATTERNS, findInjectionPatterns, normalizeForInspection } from './injection-patterns';
import { BENIGN_SAMPLES, XSS_CORPUS } from './xss-corpus.fixture';

describe('findInjectionPatterns', () => {
  it('has one pattern for each item of the spec list', () => {
    expect(INJECTION_PATTERNS.map((p) => p.name)).toEqual([
      'script_tag',
      'javascript_url',
      'data_html',
      'vbscript_url',
      'iframe_tag',
      'onload_handler',
      'onerror_handler',
      'eval_call',
      'document_cookie',
      'document_write',
    ]);
  });

  it.each([
    ['<script>', 'script_tag'],
    ['</SCRIPT >', 'script_tag'],
    ['JAVASCRIPT:x', 'javascript_url'],
    ['data:text/html,x', 'data_html'],
    ['VBScript:x', 'vbscript_url'],
    ['<iframe src=x>', 'iframe_tag'],
    ['<body onload = x>', 'onload_handler'],
    ['x ONERROR=y', 'onerror_handler'],
    ['eval (x)', 'eval_call'],
    ['document . cookie', 'document_cookie'],
    ['document.writeln(x)', 'document_write'],
  ])('%j matches %s', (value, name) => {
    expect(findInjectionPatterns(value)).toContain(name);
  });

  const caught = XSS_CORPUS.filter((s) => s.guard);
  it(`catches every guard vector of the corpus (${caught.length})`, () => {
    const missed = caught.filter((s) => findInjectionPatterns(s.vector).length === 0).map((s) => s.vector);
    expect(missed).toEqual([]);
    expect(caught.length).toBeGreaterThanOrEqual(30);
  });

  it.each(BENIGN_SAMPLES)('lets ordinary text through: %j', (text) => {
    expect(findInjectionPatterns(text)).toEqual([]);
  });

  it('returns nothing for an empty value', () => {
    expect(findInjectionPatterns('')).toEqual([]);
  });
});

describe('normalizeForInspection', () => {
  it('folds full-width forms, removes invisible characters and decodes a few layers', () => {
    const forms = normalizeForInspection('%253C\uff53cr\u200bipt');
    expect(forms).toContain('<script');
  });

  it('stops when nothing more decodes', () => {
    expect(normalizeForInspection('plain text')).toEqual(['plain text']);
  });
});
