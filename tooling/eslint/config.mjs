// One lint setup for every package: `export { default } from '@storefront/tooling/eslint/config.mjs'`
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Shopper text is rendered as text, never as HTML (DEVELOPERS standards).' }],
    },
  },
  // Layering (ARCHITECTURE §1): state/ is pure (model, reducers, rules) and imports neither api/ nor components/
  // nor React; api/ does the I/O and may import state/; components/ and hooks may import both.
  {
    files: ['**/src/state/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'shared-events', importNames: ['bus', 'callBff', 'useBusState', 'useBusEvent'], message: 'state/ is pure (ARCHITECTURE §1): the bus and HTTP belong in api/, hooks in components/ or hooks/.' }],
        patterns: [
          { regex: '(^|/)(api|components|hooks)(/|$)', message: 'state/ is pure (ARCHITECTURE §1): it imports neither api/ nor components/ nor hooks/.' },
          { regex: '^(react|react-dom|@tanstack/react-query|idb-keyval|js-cookie)(/|$)', message: 'state/ is pure (ARCHITECTURE §1): no React, no storage, no server state; move it to api/ or components/.' },
        ],
      }],
    },
  },
  {
    files: ['**/src/api/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(components|hooks)(/|$)', message: 'api/ does the I/O and may import state/, never components/ or hooks/ (ARCHITECTURE §1).' }] }],
    },
  },
);
