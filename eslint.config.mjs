// ESLint flat config (ESLint 10, typescript-eslint 8): `npm run lint`. Style is Prettier's job (`npm run format:check`);
// eslint-config-prettier, last, turns off every rule that would fight it. See docs/testing.md, "Lint and format".
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // `npm run lint` names the trees it lints; built, generated and installed files are never linted.
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      'packages/web-common/src/api-types.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // Type-aware rules: each file is checked with the tsconfig.json nearest to it (backend, admin-console,
        // borrower-portal, packages/web-common), as `npm run typecheck` does.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its rejection. Fire-and-forget is written `void promise` where intended.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function where a void callback is expected (process.on, setTimeout, forEach) loses its rejection too.
      // JSX attributes are left out: every async onClick/onSubmit here catches its own errors (26 of them when this
      // was set up), and React ignores the returned promise anyway.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `await` of a non-promise is a mistake; Promise.all over a mix of promises and values (some already loaded) is not.
      '@typescript-eslint/await-thenable': ['error', { allowMixedPromiseArrays: true }],
      // A switch over a union names every member, or has a `default` that says what the others do: a new event type,
      // state or section added to a union then fails lint where it is not handled.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // `_name` marks what is deliberately unused (a destructured field left out of a copy, an ignored callback argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The backend reads its database through Kysely<any> (one schema-free handle: projections, migrations, the event
    // store, ~45 places) by design, and the e2e helpers' API calls default to T = any; tsc's `strict` already rules
    // out implicit any. The React apps keep the rule.
    files: ['backend/**', '**/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The two classic hook rules. The plugin's React Compiler rules (set-state-in-effect, use-memo, ...) are left
    // off: the apps do not use the compiler, and they flag working patterns (resetting state when a prop changes).
    files: ['admin-console/src/**/*.{ts,tsx}', 'borrower-portal/src/**/*.{ts,tsx}', 'packages/web-common/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    rules: {
      // tsc's noFallthroughCasesInSwitch (every tsconfig here) already refuses a case that falls through; this rule
      // would also refuse an empty case followed by a comment line.
      'no-fallthrough': 'off',
      // Start and setup failures are one sentence for the operator that quotes the cause's message on purpose
      // (process-lifecycle.ts: "never a stack trace"), not a wrapped error.
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
