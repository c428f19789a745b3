import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import serverLayers from './sync-server/eslint.layers.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import boundaries: resolved the way TypeScript resolves them, so the rules below see the
    // same module graph the compiler does.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  // ---------------------------------------------------------------------------------------------
  // PWA layers (pwa/src). Each layer imports only from the layers below it:
  //
  //   app  →  public, features  →  components  →  sync  →  db, lib
  //
  // app/ holds the shell, routes and layouts and composes screens from any feature. A feature
  // (features/<name>/) keeps its components/ and screens/ to itself; what other features (and
  // public/) may use is its data/ folder: live reads and actions, no UI. Shared UI goes down into
  // components/, shared reads into db/. Tests may reach anything they set up, so they are left out.
  // ---------------------------------------------------------------------------------------------
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: ['pwa/src/**/__tests__/**', 'pwa/src/**/*.test.{ts,tsx}', 'pwa/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: pwaZones() }],
    },
  },
  ...serverLayers,
  {
    files: ['pwa/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  prettier,
);

/** The zones of the PWA layers block above: one per layer, and one per feature for its siblings. */
function pwaZones() {
  const src = 'pwa/src';
  const abs = (p) => path.resolve(import.meta.dirname, src, p);
  const layer = (name) => `${src}/${name}`;
  const below = (target, above, message) => ({
    target: layer(target),
    from: above.map(layer),
    message: `${target}/ sits below ${above.join(', ')}: move the shared piece down instead.`,
    ...(message ? { message } : {}),
  });
  const features = readdirSync(path.join(import.meta.dirname, src, 'features'), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory() && entry.name !== '__tests__')
    .map((entry) => entry.name);
  return [
    below('db', ['app', 'public', 'features', 'components', 'sync']),
    below('lib', ['app', 'public', 'features', 'components', 'sync']),
    below('sync', ['app', 'public', 'features', 'components']),
    {
      target: layer('components'),
      from: [abs('app/**'), abs('public/**'), abs('features/**')],
      message: 'components/ sits below app, public and features: move the shared piece down.',
    },
    below('features', ['app', 'public']),
    below('public', ['app']),
    // Public pages and every other feature see only a feature's data/ folder.
    ...features.map((name) => ({
      target: [
        layer('public'),
        ...features.filter((f) => f !== name).map((f) => `${src}/features/${f}`),
      ],
      from: [abs(`features/${name}/**`)],
      except: [abs(`features/${name}/data/**`)],
      message: `Another feature may use only features/${name}/data/; screens in app/ compose the rest.`,
    })),
  ];
}
