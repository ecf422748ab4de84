/**
 * The platform's controls mapped to OWASP ASVS 4.0.3 chapters, each with the tests that prove it.
 * Paths are relative to the repository root; asvs-controls.test.ts fails when one does not exist, so
 * the compliance page cannot cite a test that is not there.
 */
export interface AsvsControl {
  control: string;
  tests: readonly string[];
}

export interface AsvsChapter {
  id: string;
  title: string;
  controls: readonly AsvsControl[];
}

export const ASVS_VERSION = '4.0.3';

export const asvsChapters: readonly AsvsChapter[] = [
  {
    id: 'V1',
    title: 'Architecture, design and threat modelling',
    controls: [
      {
        control:
          'Access is decided in one place, the database (row-level security on every table), never in the browser; the access matrix covers every table and function for every role.',
        tests: ['tests/security/api/rls-matrix.test.ts', 'supabase/tests/database/050-intel-access.test.sql'],
      },
    ],
  },
  {
    id: 'V2',
    title: 'Authentication',
    controls: [
      {
        control:
          'Administrators need a TOTP second factor; backup codes are single-use; five wrong codes lock the factor for 15 minutes.',
        tests: [
          'supabase/tests/database/010-totp-primitives.test.sql',
          'supabase/tests/database/020-admin-totp.test.sql',
          'tests/security/api/totp.test.ts',
          'tests/e2e/admin-mfa.spec.ts',
        ],
      },
      {
        control: 'Passwords are checked by the authentication service, sign-in attempts are rate-limited.',
        tests: [
          'infra/stack/test/conformance/auth-password.test.ts',
          'tests/security/api/rate-limits.test.ts',
        ],
      },
    ],
  },
  {
    id: 'V3',
    title: 'Session management',
    controls: [
      {
        control: 'Sessions end after 15 minutes without activity and on sign-out; refresh tokens rotate.',
        tests: [
          'frontend/src/features/auth/hooks/use-inactivity-timeout.test.tsx',
          'infra/stack/test/conformance/auth-refresh.test.ts',
          'infra/stack/test/conformance/auth-signout.test.ts',
        ],
      },
      {
        control: 'Tampered, expired or re-signed tokens are refused by every API.',
        tests: ['tests/security/api/jwt-tampering.test.ts', 'infra/stack/test/conformance/auth-jwt.test.ts'],
      },
    ],
  },
  {
    id: 'V4',
    title: 'Access control',
    controls: [
      {
        control:
          'TLP:RED intelligence only for administrators with a second factor in this session; anonymous visitors read TLP:CLEAR and aggregates only.',
        tests: [
          'supabase/tests/database/050-intel-access.test.sql',
          'supabase/tests/database/130-intel-read-rpcs.test.sql',
          'supabase/tests/database/190_public_site.test.sql',
          'tests/e2e/public-site.spec.ts',
        ],
      },
      {
        control: 'Signed-out visitors are sent to sign-in; admin screens need an authorised administrator.',
        tests: ['tests/e2e/guards.spec.ts', 'frontend/src/app/router.test.tsx'],
      },
    ],
  },
  {
    id: 'V5',
    title: 'Validation, sanitisation and encoding',
    controls: [
      {
        control:
          'Hostile intelligence is rendered as text and indicator values defanged; known XSS payloads in URLs, inputs and stored data never execute.',
        tests: [
          'tests/security/browser/xss-stored.spec.ts',
          'tests/security/browser/xss-urls.spec.ts',
          'tests/security/browser/xss-inputs.spec.ts',
          'frontend/src/lib/security/inert-text.test.tsx',
          'frontend/src/lib/security/defang.test.ts',
        ],
      },
      {
        control: 'Input reaches the database as values only, never as SQL.',
        tests: ['tests/security/api/sql-injection.test.ts'],
      },
    ],
  },
  {
    id: 'V6',
    title: 'Stored cryptography',
    controls: [
      {
        control: 'TOTP secrets encrypted with a per-database key; backup codes stored as bcrypt hashes.',
        tests: [
          'supabase/tests/database/010-totp-primitives.test.sql',
          'supabase/tests/database/020-admin-totp.test.sql',
        ],
      },
    ],
  },
  {
    id: 'V7',
    title: 'Error handling and logging',
    controls: [
      {
        control:
          'Security events are recorded on the server, append-only, with allow-listed types and a rate limit; administrative actions go to an append-only audit trail.',
        tests: [
          'supabase/tests/database/040-security-events-and-profiles.test.sql',
          'supabase/tests/database/185-audit-trail.test.sql',
        ],
      },
      {
        control: 'Logs redact secrets and personal data; errors reach users as words, never stack traces.',
        tests: ['frontend/src/lib/security/redact.test.ts', 'frontend/src/components/errors/errors.test.tsx'],
      },
    ],
  },
  {
    id: 'V8',
    title: 'Data protection',
    controls: [
      {
        control:
          'Browser storage refuses sensitive keys and masks personal data; contact messages are read by administrators with MFA only and purged after 180 days.',
        tests: [
          'frontend/src/lib/security/secure-storage.test.ts',
          'supabase/tests/database/190_public_site.test.sql',
        ],
      },
    ],
  },
  {
    id: 'V9',
    title: 'Communication',
    controls: [
      {
        control:
          'Strict transport security and a restrictive CORS allow-list on the served app and the APIs.',
        tests: ['tests/security/api/headers.test.ts', 'infra/stack/src/web/web-server.test.ts'],
      },
    ],
  },
  {
    id: 'V10',
    title: 'Malicious code',
    controls: [
      {
        control:
          'No third-party scripts; a nonce-based Content Security Policy allows only the app\u2019s own code.',
        tests: ['infra/stack/test/conformance/web-stack.test.ts', 'infra/stack/src/web/web-server.test.ts'],
      },
    ],
  },
  {
    id: 'V11',
    title: 'Business logic',
    controls: [
      {
        control:
          'Alert workflow enforced in the database (a dismissal needs a reason); rate limits on the contact form and security reports.',
        tests: [
          'supabase/tests/database/120-alert-triage.test.sql',
          'supabase/tests/database/190_public_site.test.sql',
        ],
      },
    ],
  },
  {
    id: 'V12',
    title: 'Files and resources',
    controls: [
      {
        control: 'Uploads stay in the uploader\u2019s own folder; traversal and oversized files are refused.',
        tests: [
          'tests/security/api/storage-traversal.test.ts',
          'infra/stack/test/conformance/storage-limits.test.ts',
        ],
      },
    ],
  },
  {
    id: 'V13',
    title: 'API and web service',
    controls: [
      {
        control:
          'Oversized and malformed bodies refused before the database; server functions validate their input.',
        tests: ['tests/security/api/bodies.test.ts', 'tests/security/api/functions-input.test.ts'],
      },
    ],
  },
  {
    id: 'V14',
    title: 'Configuration',
    controls: [
      {
        control:
          'Security headers with exact values on every response of the web server, the policy adapted to how the app is deployed (https API, proxies).',
        tests: ['infra/stack/src/web/security-headers.test.ts', 'infra/stack/src/web/web-server.test.ts'],
      },
    ],
  },
];
