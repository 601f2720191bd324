/**
 * `shared-events/contracts`: zod schemas (zod/mini) of every HTTP payload between a remote and the BFF
 * (request bodies and queries, the `data` of answers), the flyer provider's API and the flyer bridge's
 * messages, with their `z.infer` types. Not part of `shared-events` itself (first-load bytes): import
 * from 'shared-events/contracts' where a remote calls the API.
 *
 *   import { offersDataSchema, bffEnvelopeSchema } from 'shared-events/contracts';
 *   const data = offersDataSchema.parse(env.data);
 */
export * from './common';
export * from './lists';
export * from './recipePlans';
export * from './offers';
export * from './loyalty';
export * from './stores';
export * from './content';
export * from './recentSearches';
export * from './records';
export * from './flyer';
