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
    // A source file a newcomer reads whole; the catalogues and the legal texts are words, not code.
    files: ['src/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}'],
    ignores: ['src/domain/catalogue/en.ts', 'src/domain/catalogue/es.ts', 'src/pages/legal/**'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // A feature reads as steps in order: each short enough to read at once.
    files: ['src/features/**', 'src/routes/web-payment.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 60 }] },
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
