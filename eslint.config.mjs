// TypeScript lint gate for the member app (ui/) and the browser tests (e2e/); `make lint` runs it.
// The import boundaries encode the app's layering (docs/ui.md, "Structure"): routes (src/app) on
// top; features below them; shared components, i18n and lib under the features. An import may
// only point down or sideways within its own area.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'ui/src');
const features = readdirSync(path.join(src, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A feature's public entry points: the only modules of it that another feature may import
// (each is loaded with a dynamic import, so that it forms a chunk of its own).
const entryPoints = [`${src}/features/*/lazy.tsx`, `${src}/features/*/entry.ts`];

function zones({ tests }) {
  // Tests may render a route together with the features it composes.
  const below = (target, from, message) => ({ target: `${src}/${target}`, from: from.map((f) => `${src}/${f}`), message });
  const list = [
    // A test of lib/ may check a text in the default language.
    below('lib', ['app', 'features', 'components', ...(tests ? [] : ['i18n'])], 'lib/ is the bottom layer: it imports no app code.'),
    below('i18n', ['app', 'features', 'components'], 'i18n/ sits on lib/ only.'),
    below('components', ['app', 'features'], 'Shared components do not import features or routes.'),
    ...(tests ? [] : [below('features', ['app'], 'Features do not import routes.')]),
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features/!(${feature})/**`,
      except: entryPoints,
      message: 'Features do not import each other but through lazy.tsx or entry.ts (docs/ui.md).',
    })),
  ];
  // Test helpers are for tests only.
  if (!tests) list.push({ target: src, from: `${src}/testing`, message: 'src/testing is for tests.' });
  return list;
}

const boundaries = (tests) => ({ 'import-x/no-restricted-paths': ['error', { basePath: root, zones: zones({ tests }) }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'ui/dist/**',
      'ui/dist-*/**',
      'ui/web-shims/**',
      'ui/scripts/**',
      'ui/assets/**',
      'e2e/test-results/**',
      '**/*.generated.ts',
      'bin/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['ui/**/*.{ts,tsx,js}', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, __DEV__: 'readonly' },
    },
    settings: {
      // no-cycle reads the imported modules: it needs to know which files are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'ui/tsconfig.json') })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Unused names are dead code; a leading underscore marks a parameter a signature needs.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Metro turns an asset's require into its file (a URL on the web): the only require kept.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['\\.(png|jpg|woff2|ttf)$'] }],
    },
  },
  {
    // Node's CommonJS configuration files of Expo, Metro and Jest.
    files: ['ui/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Jest loads a module afresh (after jest.resetModules) or inside a jest.mock factory with
    // require, and test doubles stand in for untyped globals (fetch, FontFace, the browser's
    // window in Playwright's evaluate).
    files: ['ui/src/**/*.test.{ts,tsx}', 'ui/src/testing/**', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    ignores: ['ui/src/**/*.test.{ts,tsx}'],
    rules: boundaries(false),
  },
  {
    files: ['ui/src/**/*.test.{ts,tsx}', 'ui/src/testing/**'],
    rules: boundaries(true),
  },
);
