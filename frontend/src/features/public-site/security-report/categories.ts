/** What each category of the hardening suite checks, in a sentence a visitor can follow. */
export const categoryExplanations: Readonly<Record<string, string>> = {
  'API · JWT tampering':
    'Forged, expired, re-signed and algorithm-swapped tokens are refused by every API (auth, REST, realtime, storage, functions).',
  'API · SQL injection':
    'Injection strings in filters, ordering, RPC arguments and search boxes reach the database only as values, never as SQL.',
  'API · access matrix (RLS and grants)':
    'Every table and client function, called as an anonymous visitor, an analyst, an administrator without and with a second factor: each allowed read or write works and each forbidden one is refused.',
  'API · admin TOTP':
    'The administrator second factor: codes checked in the database, backup codes single-use, lockout after five wrong codes.',
  'API · edge function input validation':
    'Server functions refuse malformed, oversized and unexpected input with clear errors.',
  'API · edge function input validation (ioc-classify)':
    'The indicator classifier function refuses malformed, oversized and hostile input.',
  'API · oversized and malformed bodies':
    'Request bodies over 1 MB, broken JSON and wrong content types are refused before they reach the database.',
  'API · rate limits':
    'Sign-in attempts and requests per user or address are limited, and an exceeded limit answers 429.',
  'API · storage path traversal':
    'File paths with ../, encoded separators or other users\u2019 folders cannot read or write outside the caller\u2019s own files.',
  'Browser · XSS corpus in URLs':
    'Hundreds of known cross-site-scripting payloads in page addresses and query strings: none executes.',
  'Browser · XSS corpus in inputs':
    'The same payloads typed into the app\u2019s forms are cleared or rendered inert, as the specification requires.',
  'Browser · client security layer (spec conformance)':
    'The browser-side monitors (input guard, secure storage, log redaction) behave as specified.',
  'Browser · stored XSS displayed by the app':
    'Hostile intelligence stored in the database (names, descriptions, indicator values) is displayed as text, never run.',
  'Headers · served web app':
    'The web app is served with a nonce-based Content Security Policy and the framing, referrer, content-type and transport security headers the suite expects.',
};
