// Flat config: strict TypeScript rules for every workspace; generated and vendored files are ignored.
import { readdirSync } from 'node:fs';
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
);
