// jest globalTeardown (see backends.global.ts).
export { teardown as default } from './backends.global';
