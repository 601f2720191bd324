import globals from 'globals';
import base from '@storefront/tooling/eslint/config.mjs';

export default [
  ...base,
  // public/: plain browser scripts served as they are (the embed script and the flyer page's script)
  { files: ['public/**/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
];
