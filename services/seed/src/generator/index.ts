/** Pure, deterministic generator functions (used by scripts/generate.ts and by tests). */
export * from './prng';
export * from './stores';
export * from './products';
export * from './titles';
export * from './placement';
export * from './recipes';
export * from './suggestions';
export * from './flyers';
export * from './nutrition';
export * from './curation';
export * from './pictures';
