/**
 * Deterministic pseudo-random helpers for the seed generator (no Math.random anywhere):
 * the same input always yields the same catalogue.
 */
import { slugify } from '@storefront/remote-kit/slug';

/** The catalogue's slug rule, one for the seed and the remotes (kit `slug`). */
export { slugify };

/** A PRNG returning floats in [0, 1). */
export type Rng = () => number;

/** mulberry32: tiny 32-bit seeded PRNG. `seed` is any 32-bit integer. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string, used to derive per-record seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A PRNG seeded from a string key (e.g. an NDB number), independent of processing order. */
export function rngFor(key: string): Rng {
  return mulberry32(hashString(key));
}

/** Integer in [min, max] inclusive. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)] as T;
}

