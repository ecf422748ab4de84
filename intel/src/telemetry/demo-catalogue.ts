/**
 * What the demo traffic is made of: office clients in RFC 1918 space (and a ULA IPv6 prefix),
 * servers in the RFC 5737 documentation ranges, sites under the RFC 2606 example names, and
 * two real Emerging Threats signatures (as the surevego and Slips captures show them).
 */

export const CLIENTS = Array.from({ length: 24 }, (_, i) => `10.20.${1 + (i % 3)}.${11 + ((i * 37) % 200)}`);
export const CLIENTS_V6 = Array.from({ length: 6 }, (_, i) => `fd12:3456:789a:1::${(i + 1) * 16}`);
export const SERVERS = Array.from({ length: 40 }, (_, i) =>
  i < 20 ? `203.0.113.${10 + i * 5}` : `198.51.100.${i * 4}`,
);
export const SITES = [
  'www',
  'cdn',
  'api',
  'updates',
  'mail',
  'static',
  'login',
  'telemetry',
  'docs',
  'files',
].map((name, i) => `${name}.example.${['com', 'net', 'org'][i % 3]}`);

export const PATHS = [
  '/',
  '/index.html',
  '/api/v1/status',
  '/static/app.js',
  '/images/logo.png',
  '/check?channel=stable',
];
export const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Microsoft-CryptoAPI/10.0',
  'Debian APT-HTTP/1.3 (2.6.1)',
];
export const APT_POLICY = {
  signature_id: 2013504,
  rev: 5,
  signature: 'ET POLICY GNU/Linux APT User-Agent Outbound likely related to package management',
  category: 'Not Suspicious Traffic',
  severity: 3,
};
export const MSSQL_SCAN = {
  signature_id: 2010935,
  rev: 3,
  signature: 'ET SCAN Suspicious inbound to MSSQL port 1433',
  category: 'Potentially Bad Traffic',
  severity: 2,
};
