import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every feature folder, so that a new feature is fenced in without editing this file.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The server's modules, and what sits beside them in apps/server/src (app.ts apart), likewise.
const serverSrc = new URL('./apps/server/src/', import.meta.url);
const serverModules = readdirSync(new URL('modules', serverSrc), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverOutsideModules = readdirSync(serverSrc).filter((name) => name !== 'modules' && name !== 'app.ts');

// The walls every server file keeps, tests too (ADR 032).
const serverLayerZones = [
  ...['ledger', 'sessions'].map((low) => ({
    target: `./apps/server/src/modules/${low}`,
    from: './apps/server/src/modules',
    except: [`./${low}`],
  })),
  ...['certificates', 'referrals'].map((owner) => ({
    target: './apps/server/src/modules/payments',
    from: `./apps/server/src/modules/${owner}`,
  })),
  // The e-mails are pure templates below every module.
  { target: './apps/server/src/mail', from: './apps/server/src/modules' },
];

// A module is reached from outside only through its index.ts, its public face; app.ts may also
// import its plugin.ts to register it. Its own files import each other freely.
const serverModuleFaceZones = serverModules.flatMap((m) => [
  {
    target: [
      ...serverModules.filter((other) => other !== m).map((other) => `./apps/server/src/modules/${other}`),
      ...serverOutsideModules.map((name) => `./apps/server/src/${name}`),
    ],
    from: `./apps/server/src/modules/${m}`,
    except: ['./index.ts'],
    message: `Import the ${m} module through its index.ts (export there what it offers).`,
  },
  {
    target: './apps/server/src/app.ts',
    from: `./apps/server/src/modules/${m}`,
    except: ['./index.ts', './plugin.ts'],
    message: `app.ts imports the ${m} module through its index.ts or its plugin.ts.`,
  },
]);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'bench/out/**',
      '**/coverage/**',
      // Scratch output of tests, such as the compiled server of apps/server/test/compiled-server.test.ts.
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-cycle': 'error',
      // Layers: shared → features → app, never back; features never import each other.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/shared', from: './apps/web/src/features' },
            { target: './apps/web/src/shared', from: './apps/web/src/app' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
            })),
          ],
        },
      ],
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Without these two the plugin parses only .js files for its import graph, so no-cycle
      // walked Mantine's and Tabler's modules (90% of the lint's time) and never saw a .ts import.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // No package can import back into the app: leave them out of the graph.
      'import/ignore': ['node_modules'],
    },
  },
  {
    // A test may put features together as the app's routes do (the workspace's tabs with the order
    // chat's): only the layers' walls hold in tests.
    files: ['apps/web/src/features/**/*.test.{ts,tsx}', 'apps/web/src/features/**/test-*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [{ target: './apps/web/src/features', from: './apps/web/src/app' }],
        },
      ],
    },
  },
  {
    // The contract's `z` installs the Russian messages before any schema exists (common/zod.ts).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/common/zod.ts', 'packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message:
                "Import z from '@cabinet/contract' (in the contract, from common/zod): it speaks Russian.",
            },
          ],
          patterns: [
            {
              group: ['zod/*'],
              allowTypeImports: true,
              message:
                "Import z from '@cabinet/contract' (in the contract, from common/zod): it speaks Russian.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every string of the contract refuses ill-formed UTF-16 (common/input.ts): built with text().
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/common/input.ts', 'packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Build strings with text() from common/input: it refuses ill-formed UTF-16.',
        },
      ],
    },
  },
  {
    // The server's modules: no import circles, and the layers below never reach up. The ledger
    // (money and the per-customer lock) and the sessions (refresh-token families) import no module; payments settles what certificates and
    // referrals own through the handlers they register (payments/purposes.ts), never by importing them.
    // Between modules, and from the rest of the server, only a module's index.ts is imported.
    files: ['apps/server/**/*.ts'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': ['error', { zones: [...serverLayerZones, ...serverModuleFaceZones] }],
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.mjs'] } },
      'import/extensions': ['.ts', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/ignore': ['node_modules'],
    },
  },
  {
    // A test may reach into a module's files; only the layers' walls hold in tests.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*-fixtures.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverLayerZones }],
    },
  },
  {
    // A migration that has run must write the same on a new database: it imports its own data and
    // helpers (db/reference-data, ./helpers), never live code that may change after it; the data it
    // imports is frozen likewise (test/fresh-database.test.ts holds what a fresh database gets).
    files: ['apps/server/src/db/migrations/**/*.ts', 'apps/server/src/db/reference-data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/plugins/**', '@cabinet/contract', '@cabinet/contract/*'],
              allowTypeImports: true,
              message: 'Freeze what the migration writes beside it (db/reference-data): live code changes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
