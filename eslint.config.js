// ESLint (typescript-eslint, without type information: the type-check is `npm run typecheck`).
// Formatting is Prettier's (`.prettierrc.json`); this file holds only rules about the code itself.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.start/', 'node_modules/', 'test-results/', 'coverage/', 'examples/browser/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The code matches control characters on purpose: raw JSON text, terminal escapes, frame bytes.
    rules: { 'no-control-regex': 'off' },
  },
  {
    // vitest reads a fixture's dependencies from its parameter's destructuring: `{}` means none.
    files: ['src/vitest/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Tests read answers as untyped JSON and poke at them; `any` there is the honest type.
    files: ['test/**/*.ts', '**/*.test.ts', 'examples/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
