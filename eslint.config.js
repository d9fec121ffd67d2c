import globals from 'globals';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layerRules } from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '**/.wrangler/**',
      '.tsbuild/**',
      'worker-configuration.d.ts',
      'node_modules/**',
      'test-results/**',
      'test/bench/.out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': ['error', { allow: ['log', 'warn', 'error'] }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  ...layerRules,
  {
    files: ['src/**', 'client/**'],
    ignores: ['src/lib/hono.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'hono',
              importNames: ['Hono'],
              message: "Use the site's Hono (src/lib/hono.ts): hono's own class also bundles SmartRouter and TrieRouter into the Worker.",
            },
          ],
        },
      ],
    },
  },
  {
    // A source file a newcomer reads whole, the release tool's steps included.
    files: ['src/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}', 'alerts/**/*.{ts,mjs}'],
    // The catalogues are words, not code: each language's is read as one document, its keys the same.
    ignores: ['src/domain/catalogue/en.ts', 'src/domain/catalogue/es.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Code reads as steps in order, each short enough to read at once.
    files: ['src/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}', 'alerts/**/*.{ts,mjs}'],
    rules: { 'max-lines-per-function': ['error', { max: 60 }] },
  },
  {
    // A route is a door: it parses, calls its feature and answers.
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 30 }] },
  },
  {
    files: ['test/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.mjs', 'scripts/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['test/bench/services/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
