export { default } from '@storefront/tooling/eslint/config.mjs';
