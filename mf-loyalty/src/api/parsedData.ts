import { BffError, type BffEnvelope } from 'shared-events';

/** A shared-events/contracts schema (zod/mini): only `safeParse` is used. */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * The envelope of a BFF call with its success `data` parsed by the contract's schema (extra fields
 * dropped). Envelopes that are not a success are returned as they are (the callers read their codes).
 * @throws BffError (httpStatus 0) when a success carries data that breaks the contract: the pages show
 *   it as spec §8 "Exception during a call", like a network failure
 */
export async function parsedData<T>(call: Promise<BffEnvelope<unknown>>, schema: Schema<T>): Promise<BffEnvelope<T>> {
  const env = await call;
  if (env.status !== 'success') return env as BffEnvelope<T>;
  const parsed = schema.safeParse(env.data);
  if (!parsed.success) throw new BffError('BFF answer does not match the contract', 0, env);
  return { ...env, data: parsed.data };
}
