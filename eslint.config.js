// ESLint for the whole repository: `npm run lint` (CI runs it too) and
// `npm run format` (which also runs Prettier). Layout is Prettier's job alone:
// eslint-config-prettier, last, switches off every rule that would fight it.
//
// The rules run without type information: with it (the TypeScript project
// service reading the tsconfig files) a run took 47 s of CPU for the whole
// tree and 30 s for the sources alone, against 13 s without, on this project's
// two-core machines. The two type-aware rules worth that cost, promises left
// floating or passed where nothing awaits them, run with `npm run lint:promises`
// (ESLINT_PROMISES=1), on the sources only.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const sources = ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.ts', 'scripts/**/*.ts'];
const vueFiles = ['**/*.vue'];
const typed = process.env.ESLINT_PROMISES === '1';

/** Rules that catch real faults, for TypeScript and Vue alike. */
const projectRules = {
  // `x == null` is the project's way to say "null or undefined"
  eqeqeq: ['error', 'always', { null: 'ignore' }],
  // `_` marks a parameter or binding kept on purpose (a handler's signature, a tuple slot)
  '@typescript-eslint/no-unused-vars': [
    'error',
    { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
  ],
  'no-throw-literal': 'error',
  // code is built at run time in one place only (the compiled wire reader), which says why
  'no-new-func': 'error',
  'no-implied-eval': 'error',
  'prefer-const': 'error',
};

/**
 * The layer map: which folder may import which (docs/architecture.md, "Which
 * folder may import which"). Written down here once; the rules below are
 * made from it. A layer is a folder, with the folders inside it that are not
 * layers of their own (renderer/main.ts is in `renderer`, electron/main.ts in
 * `electron`). Each names the layers it may import besides itself, and they
 * are listed top to bottom: an import only points down the list. The list is
 * checked for that when this file loads (checkLayerOrder), so a layer that
 * would import one above it is a change to this order, made on purpose. A
 * type-only import counts as an import, as do `export … from` and `import()`.
 *
 * The model is VS Code's code-layering rule: layers, and for each the
 * environment it runs in (ENVIRONMENTS, below).
 */
const LAYERS = [
  // ── the page (renderer/): the DOM, never Node, never electron/
  // the page's entry (main.ts, App.vue, the routes) and its build (vite.config.ts)
  { type: 'renderer', folder: 'renderer', imports: ['screens', 'components', 'stores', 'renderer-lib', 'i18n', 'shared'] },
  // one per route
  { type: 'screens', folder: 'renderer/screens', imports: ['components', 'stores', 'renderer-lib', 'i18n', 'shared'] },
  { type: 'components', folder: 'renderer/components', imports: ['stores', 'renderer-lib', 'i18n', 'shared'] },
  // the Pinia stores: the one way from a screen or a component to the main process
  { type: 'stores', folder: 'renderer/stores', imports: ['renderer-bridge', 'renderer-lib', 'i18n', 'shared'] },
  // the door to the main process (window.quotedesk): the stores' alone
  { type: 'renderer-bridge', folder: 'renderer/bridge', imports: ['shared'] },
  // helpers and composables that hold no record and call nothing
  { type: 'renderer-lib', folder: 'renderer/lib', imports: ['i18n', 'shared'] },
  { type: 'i18n', folder: 'renderer/i18n', imports: ['shared'] },

  // ── the main process (electron/): Node
  // what Electron runs (main.ts, preload.ts): wires the window to the core
  { type: 'electron', folder: 'electron', imports: ['core', 'bridge', 'shared'] },
  // the web host runs the same core for a browser, and serves the page its client
  { type: 'webhost', folder: 'electron/webhost', imports: ['core', 'bridge', 'account', 'api', 'keychain', 'shared'] },
  // the composition root: opens a space, builds the handlers and hands them their ports
  { type: 'core', folder: 'electron/core', imports: ['bridge', 'document', 'account', 'sync', 'store', 'api', 'keychain', 'errors', 'files', 'shared'] },
  // the dispatcher and a handler per group of operations
  { type: 'bridge', folder: 'electron/bridge', imports: ['document', 'account', 'sync', 'store', 'api', 'errors', 'files', 'shared'] },
  // the company details and printing
  { type: 'document', folder: 'electron/document', imports: ['errors', 'files', 'shared'] },
  { type: 'account', folder: 'electron/account', imports: ['api', 'keychain', 'errors', 'files', 'shared'] },
  // speaks the protocol: asks the store and the API, writes no row itself
  { type: 'sync', folder: 'electron/sync', imports: ['store', 'api', 'errors', 'shared'] },
  // the only code that writes the database; knows nothing of sync or the API
  { type: 'store', folder: 'electron/store', imports: ['errors', 'shared'] },
  { type: 'api', folder: 'electron/api', imports: ['errors', 'shared'] },
  { type: 'keychain', folder: 'electron/keychain', imports: ['errors', 'shared'] },
  // the fake service: a service of its own that shares only shared/ and the
  // file writer with the app; the app imports it only where it runs the demo
  // (EXCEPTIONS)
  { type: 'sandbox', folder: 'electron/sandbox', imports: ['files', 'shared'] },
  // the errors a person can act on, for every layer above
  { type: 'errors', folder: 'electron/errors', imports: ['shared'] },
  // the app's small files on disk: read or moved aside, written whole or not at all
  { type: 'files', folder: 'electron/files', imports: [] },

  // ── both processes: no Node, no DOM (ENVIRONMENTS)
  { type: 'shared', folder: 'shared', imports: [] },

  // ── around the app: tests and tooling may import anything
  { type: 'test', folder: 'test', imports: '*' },
  { type: 'scripts', folder: 'scripts', imports: '*' },
];

/** Throws when a layer of the map may import one listed above it (or one not listed). */
function checkLayerOrder(layers) {
  layers.forEach(({ type, imports }, i) => {
    if (imports === '*') return;
    for (const to of imports) {
      const j = layers.findIndex((l) => l.type === to);
      if (j <= i) throw new Error(`eslint.config.js: layer ${type} may import ${to}, which is ${j < 0 ? 'not a layer' : 'above it'}: arrows only point down`);
    }
  });
}
checkLayerOrder(LAYERS);

/** Imports allowed beyond the map, each with its reason. Nothing else crosses a line. */
const EXCEPTIONS = [
  // The app runs the demo here: space.ts starts the sandbox of the demo
  // space, and index.ts hands the running one to the hosts (its network switch).
  { from: ['electron/core/space.ts', 'electron/core/index.ts'], to: 'sandbox' },
  // The web host's command line takes the demo sandbox's paging readings
  // (--unpaged), named as `npm run sandbox` names them.
  { from: ['electron/webhost/cli.ts'], to: 'sandbox' },
];

/**
 * Where each layer runs. Node's own modules (node:fs, …) are imported only
 * by code that runs in Node; globals that only Node or only a page has
 * (process, Buffer; window, document, …) are used only where they exist.
 * Globals both have (URL, TextEncoder, setTimeout, console) are free.
 */
const ES = new Set([...Object.keys(globals.es2025), ...Object.keys(globals['shared-node-browser'])]);
const NODE_ONLY = Object.keys(globals.node).filter((g) => !ES.has(g) && !(g in globals.browser));
const DOM_ONLY = Object.keys(globals.browser).filter((g) => !ES.has(g) && !(g in globals.node));
const ENVIRONMENTS = [
  // both processes
  { name: 'shared', files: ['shared/**'], nodeModules: false, noGlobals: [...NODE_ONLY, ...DOM_ONLY] },
  // the page; its build config (vite.config.ts) runs under Node
  { name: 'page', files: ['renderer/**'], ignores: ['renderer/vite.config.ts'], nodeModules: false, noGlobals: NODE_ONLY },
  // the main process; the web host's page client and the preload run in a page
  { name: 'main process', files: ['electron/**'], ignores: ['electron/webhost/client/**', 'electron/preload.ts'], nodeModules: true, noGlobals: DOM_ONLY },
];

const boundaryPolicies = [
  ...LAYERS.map(({ type, imports }) => ({
    from: { element: { type } },
    allow: {
      to:
        imports === '*'
          ? [{ element: { type: '*' } }, { module: { origin: '*' } }]
          : [{ element: { type: [type, ...imports] } }, { module: { origin: ['external', 'core'] } }],
    },
  })),
  ...EXCEPTIONS.map(({ from, to }) => ({ from: { file: { path: from } }, allow: { to: { element: { type: to } } } })),
  // the page's one way to the main process, said where it is crossed
  {
    from: { element: { type: ['renderer', 'screens', 'components', 'renderer-lib', 'i18n'] } },
    disallow: { to: { element: { type: 'renderer-bridge' } } },
    message:
      'Only the Pinia stores reach the main process: call an action of the store that owns this (renderer/stores), adding one if none does (docs/architecture.md).',
  },
  ...ENVIRONMENTS.filter((env) => !env.nodeModules).flatMap(({ name, files, ignores = [] }) => [
    { from: { file: { path: files } }, disallow: { to: { module: { origin: 'core' } } }, message: `Node's own modules are not there where ${name} code runs.` },
    ...ignores.map((path) => ({ from: { file: { path } }, allow: { to: { module: { origin: 'core' } } } })),
  ]),
];

export default defineConfig(
  {
    ignores: ['dist/**', 'out/**', 'release/**', 'node_modules/**', 'test-results/**', '.cache/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: projectRules,
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // the layer map above, as a rule
    plugins: { boundaries },
    settings: {
      // a file is in the deepest layer folder that holds it, so the deeper folders are matched first
      'boundaries/elements': [...LAYERS]
        .sort((a, b) => b.folder.split('/').length - a.folder.split('/').length)
        .map(({ type, folder }) => ({ type, pattern: folder, partialMatch: false })),
      'boundaries/root-path': import.meta.dirname,
      // `export … from` and `import()` are arrows too
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: ['.ts', '.vue', '.mjs', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          checkUnknownLocals: true,
          policies: boundaryPolicies,
          // says what to do, not only what is wrong
          message:
            'A file of {{from.element.type}} may not import {{#if to.element.type}}{{to.element.type}}{{else}}{{dependency.source}}{{/if}}: arrows only point down. LAYERS in eslint.config.js lists what each layer may import (docs/architecture.md); move what both need to a layer below both, or hand it in from above.',
        },
      ],
    },
  },
  {
    // every file of the app is in a layer of the map (configuration files around it are not)
    files: ['electron/**', 'renderer/**', 'shared/**'],
    rules: { 'boundaries/no-unknown-files': 'error' },
  },
  ...ENVIRONMENTS.map(({ name, files, ignores = [], noGlobals }) => ({
    name: `environment: ${name}`,
    files,
    ignores,
    rules: {
      'no-restricted-globals': ['error', ...noGlobals.map((global) => ({ name: global, message: `There is no such global where ${name} code runs.` }))],
    },
  })),
  {
    // code evaluated inside the page by the end-to-end tests (page.evaluate) sees the DOM
    files: ['test/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // tests read raw JSON answers and stand in for Electron's loosely typed API; what they then assert is the check
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  ...(typed
    ? [
        {
          files: sources,
          languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
          rules: {
            '@typescript-eslint/no-floating-promises': 'error',
            '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
          },
        },
      ]
    : []),
  {
    files: vueFiles,
    languageOptions: {
      parserOptions: {
        parser: tseslint.parser,
        extraFileExtensions: ['.vue'],
        sourceType: 'module',
      },
    },
    rules: {
      // TypeScript (vue-tsc) already reports undefined names, and knows the globals of the DOM lib
      'no-undef': 'off',
      // Vue 3 has no filters; this rule reads a type union in a template (`value as number | null`) as one
      'vue/no-deprecated-filter': 'off',
    },
  },
  prettier,
);
