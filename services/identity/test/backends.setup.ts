// jest globalSetup (see backends.global.ts).
export { setup as default } from './backends.global';
