import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './scripts/eslint/no-import-cycle.js';

const RESOLVER = fileURLToPath(new URL('./scripts/eslint/resolve-keel-import.cjs', import.meta.url));
const SOURCE_FILES = [
  'packages/core/src/**/*.ts',
  'apps/server/src/**/*.ts',
  'apps/web/app/**/*.{ts,tsx}',
  'apps/web/vitest.setup.ts',
  'apps/web/vitest.fresh-modules.ts',
];

/**
 * The layers (STYLE.md, ARCHITECTURE.md), as eslint-plugin-boundaries elements.
 * Server: the top of src/ wires everything; modules use lib/db/mail/chain/
 * middleware; lib/ never reaches up into modules/. Web: app (routes, layouts)
 * → features → shared (components, lib, hooks); a feature never imports
 * another feature. core is pure and imports nothing of ours.
 */
const ELEMENTS = [
  { type: 'core', pattern: 'packages/core/src' },
  { type: 'server-lib', pattern: 'apps/server/src/lib' },
  { type: 'server-db', pattern: 'apps/server/src/db' },
  { type: 'server-mail', pattern: 'apps/server/src/mail' },
  { type: 'server-chain', pattern: 'apps/server/src/chain' },
  { type: 'server-middleware', pattern: 'apps/server/src/middleware' },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
  { type: 'server-cli', pattern: 'apps/server/src/cli' },
  { type: 'server-test-support', pattern: 'apps/server/src/test-support' },
  // The files at the top of src/: start-up wiring, deps.ts, config.ts (told apart by file category).
  { type: 'server-root', pattern: 'apps/server/src' },
  { type: 'web-feature', pattern: 'apps/web/app/features/*', capture: ['feature'] },
  { type: 'web-shared', pattern: 'apps/web/app/{components,lib,hooks,config,utils}' },
  { type: 'web-app', pattern: 'apps/web/app/{routes,layouts}' },
  { type: 'web-app', pattern: 'apps/web/app' },
].map((element) => ({ ...element, partialMatch: false }));

const FILES = [
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  { category: 'routes', pattern: 'apps/server/src/modules/*/*.routes.ts' },
  { category: 'config', pattern: 'apps/server/src/config.ts' },
  { category: 'deps', pattern: 'apps/server/src/deps.ts' },
  // Where the package lies on disk; at the top of src/ because the bundled dist/ is one level deep too.
  { category: 'paths', pattern: 'apps/server/src/server-paths.ts' },
];

/** A selector for an element type, narrowed to files of a category (or to files of none of them). */
const element = (type, category) => ({
  element: { type },
  ...(category ? { file: { categories: category } } : {}),
});

const allow = (from, to) => ({ from, allow: { to } });

const SERVER_BELOW_MODULES = [
  element('core'),
  element('server-root', 'paths'),
  element('server-root', 'config'),
  element('server-root', 'deps'),
  element('server-db'),
  element('server-lib'),
  element('server-mail'),
  element('server-chain'),
  element('server-middleware'),
];

const LAYER_POLICIES = [
  allow(element('core'), element('core')),
  allow(element('server-root', 'config'), [element('core'), element('server-root', 'paths')]),
  allow(element('server-db'), [element('core'), element('server-root', 'paths'), element('server-db')]),
  allow(element('server-lib'), [element('core'), element('server-lib'), element('server-root', 'config'), element('server-db')]),
  // The mail outbox is a table: mail/ writes and claims its rows (docs/decisions/017-email-outbox.md).
  allow(element('server-mail'), [element('core'), element('server-lib'), element('server-db'), element('server-mail')]),
  allow(element('server-chain'), [
    element('core'),
    element('server-lib'),
    element('server-root', 'config'),
    element('server-chain'),
  ]),
  allow(element('server-middleware'), [
    element('core'),
    element('server-lib'),
    element('server-root', 'config'),
    element('server-middleware'),
  ]),
  // deps.ts names the collaborators' types, Better Auth's included.
  allow(element('server-root', 'deps'), [...SERVER_BELOW_MODULES, element('server-module')]),
  // Modules use their own files and each other's services (deposits read the saved
  // wallet), never another module's routes.
  allow(element('server-module'), [...SERVER_BELOW_MODULES, element('server-module')]),
  {
    from: element('server-module'),
    disallow: {
      to: {
        element: { type: 'server-module', captured: { module: '!{{from.captured.module}}' } },
        file: { categories: 'routes' },
      },
    },
  },
  allow(element('server-cli'), [...SERVER_BELOW_MODULES, element('server-module'), element('server-cli')]),
  // The start-up wiring (app.ts, main.ts, create-deps.ts) puts everything together.
  allow(element('server-root'), [...SERVER_BELOW_MODULES, element('server-module'), element('server-root')]),
  allow(element('web-feature'), { element: { type: 'web-feature', captured: { feature: '{{from.captured.feature}}' } } }),
  allow(element('web-feature'), [element('core'), element('web-shared')]),
  allow(element('web-shared'), [element('core'), element('web-shared')]),
  allow(element('web-app'), [element('core'), element('web-shared'), element('web-feature'), element('web-app')]),
  // The typed API client reads the server's route types, and nothing else of it.
  {
    from: element('web-shared'),
    allow: { to: element('server-root'), dependency: { kind: 'type' } },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/build-demo/**',
      '**/.react-router/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'contracts/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-undef': 'off',
    },
  },
  // The type-aware checks (a forgotten await, a promise where a callback should return nothing) are oxlint's:
  // .oxlintrc.json says why.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'hono', 'hono/*'],
              message: 'packages/core is pure: no I/O, React or Node APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: SOURCE_FILES,
    plugins: { boundaries, keel: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'import/resolver': { [RESOLVER]: {} },
      'boundaries/elements': ELEMENTS,
      'boundaries/files': FILES,
    },
    rules: {
      'keel/no-import-cycle': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'This import crosses a layer boundary (see the layers in eslint.config.js and ARCHITECTURE.md).',
          policies: [
            ...LAYER_POLICIES,
            // A test may reach whatever it needs to set the real thing up.
            allow({ file: { categories: 'test' } }, { element: { type: '*' } }),
            allow(element('server-test-support'), { element: { type: '*' } }),
          ],
        },
      ],
    },
  },
);
