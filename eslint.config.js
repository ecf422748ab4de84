// Flat config: strict TypeScript rules for every workspace; generated and vendored files are ignored.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Frontend imports run one way: shared (components, lib, config, theme) → features → app. Features never
 * import each other; they may use the app's typed store hooks and store types. One zone per feature
 * folder, generated, so a new feature is fenced in the day it is created.
 */
const FRONTEND = 'frontend/src';
const TESTS = '*.test.{ts,tsx}';
const features = readdirSync(new URL(`./${FRONTEND}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const parentImport = {
  regex: '^\\.\\./',
  message: 'Import from another folder through the @/ alias (`@/lib/...`), not `../`.',
};
const sharedBoundary = [
  parentImport,
  {
    regex: '^@/(features|app)(/|$)',
    message: 'Shared code (components, lib, config, theme) never imports a feature or the app.',
  },
];
const featureBoundary = (feature) => [
  parentImport,
  {
    regex: `^@/features/(?!${feature}/)`,
    message:
      'A feature never imports another feature: move the shared part to components/ or lib/, or compose both in app/.',
  },
  {
    regex: '^@/app/(?!store/(hooks|store)$)',
    message: 'A feature never imports the app, except its typed store hooks (`@/app/store/hooks`).',
  },
];
const restricted = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * infra/stack/src imports run one way too: config → kernel → services → the tops. Paths are resolved
 * (import-x/no-restricted-paths), since the stack imports by relative path. Every folder that is not
 * named below is a service, so a new one is fenced the day it is created.
 *
 *   folder      may import, besides its own folder
 *   config      nothing of the stack (it is read by everything, so it sits below the kernel)
 *   kernel      config: the shared base (pools, jwt, http helpers, logger, identities, context types)
 *   <service>   kernel, config: auth, backup, functions, mail, metrics, postgres, realtime, rest,
 *               storage, web; never another service, except
 *     backup    + postgres: it copies and restores the cluster and lists its migrations
 *     mail      + web/security-headers.ts: the mail page is served with the web server's header policy
 *     ha        + postgres: the standby is a second cluster (clone, rewind, promote)
 *   stack       kernel, config, postgres, backup, ha, auth/create-confirmed-user.ts: it runs the
 *               processes, migrates (after a backup), creates the demo users and fails over
 *   gateway     every service, kernel, config: the composition root of the gateway process
 *   cli         everything but gateway/, which runs in its own process (started by stack/)
 *
 * A service's tests may also use other services and the tops to drive the real thing.
 */
const STACK = 'infra/stack/src';
const STACK_TOPS = ['gateway', 'stack', 'cli'];
const stackFolders = readdirSync(new URL(`./${STACK}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const stackServices = stackFolders.filter((dir) => !['config', 'kernel', ...STACK_TOPS].includes(dir));
const stackEdges = {
  config: [],
  kernel: ['config'],
  ...Object.fromEntries(stackServices.map((dir) => [dir, ['kernel', 'config']])),
  backup: ['kernel', 'config', 'postgres'],
  mail: ['kernel', 'config', 'web/security-headers.ts'],
  ha: ['kernel', 'config', 'postgres'],
  stack: ['kernel', 'config', 'postgres', 'backup', 'ha', 'auth/create-confirmed-user.ts'],
  gateway: ['kernel', 'config', ...stackServices],
  cli: stackFolders.filter((dir) => dir !== 'gateway'),
};
const stackZones = (edges) => ({
  'import-x/no-restricted-paths': [
    'error',
    {
      basePath: fileURLToPath(new URL('.', import.meta.url)),
      zones: Object.entries(edges).map(([dir, allowed]) => ({
        target: `${STACK}/${dir}`,
        from: STACK,
        except: [...new Set([dir, ...allowed])].map((to) => `./${to}`),
        message: `${STACK}/${dir} may import ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'nothing else of the stack'} (the table in eslint.config.js).`,
      })),
    },
  ],
});
const stackTestEdges = {
  ...stackEdges,
  ...Object.fromEntries(stackServices.map((dir) => [dir, stackFolders.filter((to) => to !== dir)])),
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.temp/**',
      '**/.scratch/**',
      'tests/security/report/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Untrusted CTI text is rendered by one module only (lib/security/inert-text); nowhere else.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render untrusted text with the inert-text module, never as HTML.',
        },
      ],
    },
  },
  {
    files: [`${FRONTEND}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'frontend/tsconfig.json' })],
    },
    rules: {
      ...restricted([parentImport]),
      // Type-only imports do not run, so a store type imported back by a slice is no cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['components', 'lib', 'config', 'theme'].map((dir) => `${FRONTEND}/${dir}/**/*.{ts,tsx}`),
    ignores: [TESTS],
    rules: restricted(sharedBoundary),
  },
  {
    files: ['components', 'lib', 'config', 'theme'].map((dir) => `${FRONTEND}/${dir}/**/${TESTS}`),
    rules: restricted([parentImport]),
  },
  ...features.flatMap((feature) => [
    {
      files: [`${FRONTEND}/features/${feature}/**/*.{ts,tsx}`],
      ignores: [TESTS],
      rules: restricted(featureBoundary(feature)),
    },
    // A test may mount the real app provider and store around the feature it tests.
    {
      files: [`${FRONTEND}/features/${feature}/**/${TESTS}`],
      rules: restricted(featureBoundary(feature).slice(0, 2)),
    },
  ]),
  {
    files: [`${STACK}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'infra/stack/tsconfig.json' })],
    },
    rules: {
      ...stackZones(stackEdges),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${STACK}/**/${TESTS}`],
    rules: stackZones(stackTestEdges),
  },
  // The importers' rules the app runs too (frontend/vite.config.ts aliases them as @intel/*) and the
  // model the edge functions share: browser-safe, so no Node module and no database client.
  {
    files: [
      'intel/src/normalise/**/*.ts',
      'intel/src/brand/**/*.ts',
      'intel/src/assets/cpe.ts',
      'intel/src/assets/asset-row.ts',
      'supabase/functions/_shared/controls/model.ts',
    ],
    ignores: [`**/${TESTS}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|pg$|pg-)',
              message:
                'Browser-safe shared code (the app imports it): use the web platform (URL, TextEncoder), not Node.',
            },
          ],
        },
      ],
    },
  },
);
