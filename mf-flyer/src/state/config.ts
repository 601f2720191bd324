/**
 * The flyer block of the runtime config (`/config.json` `flyer`, shared-events `RuntimeConfig.flyer`,
 * contract "Runtime config"): `{ origin, scriptUrl, merchant }`. Read defensively: the JSON comes
 * from the edge at run time, and a missing or broken block means "no flyer", never a crash.
 */
import { isSafeHttpUrl } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';

/** The validated flyer block. */
export interface FlyerConfig {
  /** The provider's origin, e.g. 'http://localhost:4300' (messages are accepted from it only). */
  origin: string;
  /** The embed script, on `origin`, e.g. 'http://localhost:4300/storefront.js'. */
  scriptUrl: string;
  /** e.g. 'harbour-market'. */
  merchant: string;
}

const MERCHANT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The flyer block of `config`, or null when it is missing or invalid: `origin` an http(s) origin (a
 * trailing '/' is dropped; no path, query, user info), `scriptUrl` an http(s) URL on that origin,
 * `merchant` 1–64 letters, digits, '-' or '_'.
 */
export function readFlyerConfig(config: RuntimeConfig | undefined | null): FlyerConfig | null {
  const block: unknown = (config as { flyer?: unknown } | undefined | null)?.flyer;
  if (typeof block !== 'object' || block === null) return null;
  const { origin, scriptUrl, merchant } = block as Record<string, unknown>;
  if (typeof origin !== 'string' || typeof scriptUrl !== 'string' || typeof merchant !== 'string') return null;
  if (!isSafeHttpUrl(origin)) return null;
  const normalised = new URL(origin).origin;
  if (origin !== normalised && origin !== `${normalised}/`) return null;
  if (!isSafeHttpUrl(scriptUrl, { allowedOrigins: [normalised] })) return null;
  if (!MERCHANT.test(merchant)) return null;
  return { origin: normalised, scriptUrl, merchant };
}
