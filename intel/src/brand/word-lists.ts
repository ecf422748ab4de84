/**
 * Built-in lists for the dictionary and tld-swap families. dnstwist ships none by default (its
 * `--dictionary` and `--tld` take files); ours are deliberately small, chosen for phishing: the
 * words attackers glue to a brand (`paypal-login`, `secure-paypal`) and the TLDs that are cheap,
 * popular or commonly abused. Callers pass their own through the options to go wider.
 */
// prettier-ignore
export const DEFAULT_DICTIONARY: readonly string[] = [
  'login', 'signin', 'secure', 'security', 'account', 'verify', 'verification', 'support', 'help',
  'update', 'mail', 'webmail', 'portal', 'auth', 'sso', 'id', 'pay', 'payment', 'billing', 'invoice',
  'wallet', 'online', 'app', 'my', 'service', 'customer', 'web', 'bank', 'shop', 'store', 'official',
  'reset', 'recovery', 'confirm', 'alert',
];

// prettier-ignore
export const DEFAULT_TLDS: readonly string[] = [
  'com', 'net', 'org', 'info', 'biz', 'co', 'io', 'me', 'app', 'dev', 'online', 'site', 'website',
  'xyz', 'top', 'shop', 'store', 'live', 'club', 'vip', 'tech', 'cloud', 'support', 'email', 'link',
  'click', 'icu', 'cc', 'us', 'uk', 'co.uk', 'eu', 'de', 'fr', 'nl', 'ru', 'cn', 'in', 'br', 'com.br',
  'au', 'com.au', 'ca', 'jp',
];
