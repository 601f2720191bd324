import base from '@storefront/tooling/eslint/config.mjs';

export default [...base];
