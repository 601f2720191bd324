// jest globalSetup of the PostgreSQL pass (see postgres.global.ts).
export { setup as default } from './postgres.global';
