// jest globalTeardown of the PostgreSQL pass (see postgres.global.ts).
export { teardown as default } from './postgres.global';
