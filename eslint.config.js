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
