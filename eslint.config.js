// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-output/', 'coverage/', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Layers: the engine is a pure library, the server and the command line reach it through its
  // entry only, and the client takes server code as types only (nothing of the server reaches the
  // bundle).
  {
    files: ['src/engine/**'],
    ignores: ['src/engine/platform/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**'],
              message: 'The engine imports neither the server nor the client.',
            },
            {
              group: ['node:*'],
              message:
                'Platform pieces live behind src/engine/platform/, which the browser entry does not reach.',
            },
          ],
          paths: ['express', 'busboy', 'react', 'react-dom', '@trpc/server', '@trpc/client'].map(
            (name) => ({ name, message: 'The engine is a pure library: no HTTP, tRPC or React.' }),
          ),
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*', '!**/engine/index'],
              message: 'The server imports the engine through its entry, src/engine/index.ts.',
            },
            { group: ['**/client/**'], message: 'The server does not import the client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The client imports server code as types only (`import type`).',
            },
            {
              group: ['**/engine/*', '!**/engine/browser'],
              message:
                'The client imports the engine through its browser entry, src/engine/browser.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*', '!**/engine/index'],
              message:
                'The command line imports the engine through its entry, src/engine/index.ts.',
            },
            {
              group: ['**/server/*', '!**/server/report-html'],
              message:
                'The command line takes from the server only the report page (report-html.ts), which needs no HTTP.',
            },
            { group: ['**/client/**'], message: 'The command line does not import the client.' },
          ],
          paths: ['express', 'busboy', '@trpc/server'].map((name) => ({
            name,
            message: 'The command line runs the engine itself: no HTTP or tRPC.',
          })),
        },
      ],
    },
  },
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['scripts/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
