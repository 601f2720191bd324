/**
 * Loaded after the environment of every test file of this package (jest.config.js): focus-trap needs
 * client rects, which jsdom does not have (tooling/jest/layout.js).
 */
import { mockLayout } from '@storefront/tooling/jest/layout';

mockLayout();
