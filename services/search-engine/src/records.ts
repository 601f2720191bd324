/** Record helpers of the engine: attribute names, geo points and distance, partial updates, retrieval. */
import { randomBytes } from 'node:crypto';
import type { Hit, SearchRecord } from './engine-types';
import { badRequest } from './errors';
import { normalizeTerm } from './text';

const EARTH_RADIUS_M = 6371008.8;

export function stripModifier(attr: string): string {
  const m = /^\s*(?:unordered|ordered|filterOnly|searchable|afterDistinct)\((.*)\)\s*$/.exec(attr);
  return (m ? m[1] : attr).trim();
}

export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function geoPoints(rec: SearchRecord): Array<{ lat: number; lng: number }> {
  const g = rec._geoloc;
  const list = Array.isArray(g) ? g : g ? [g] : [];
  const out: Array<{ lat: number; lng: number }> = [];
  for (const p of list) {
    if (p && typeof p === 'object') {
      const lat = Number((p as Record<string, unknown>).lat);
      const lng = Number((p as Record<string, unknown>).lng);
      if (Number.isFinite(lat) && Number.isFinite(lng)) out.push({ lat, lng });
    }
  }
  return out;
}

export function facetKey(v: string | number | boolean): string {
  return normalizeTerm(String(v));
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Generates an objectID for records added without one. */
export function generateObjectID(): string {
  return randomBytes(8).toString('hex');
}

/** Applies Algolia's built-in partial-update operations (`{ _operation, value }`) to one attribute. */
export function applyOperation(current: unknown, update: unknown): unknown {
  if (!update || typeof update !== 'object' || Array.isArray(update) || !('_operation' in update)) return update;
  const { _operation: op, value } = update as { _operation: unknown; value: unknown };
  const num = typeof current === 'number' ? current : 0;
  const arr = Array.isArray(current) ? current : current === undefined ? [] : [current];
  switch (op) {
    case 'Increment':
      return num + Number(value ?? 1);
    case 'Decrement':
      return num - Number(value ?? 1);
    case 'IncrementFrom':
      return current === value || (current === undefined && value === 0) ? num + 1 : current;
    case 'IncrementSet':
      return typeof value === 'number' && value > num ? value : current;
    case 'Add':
      return [...arr, value];
    case 'AddUnique':
      return arr.includes(value) ? arr : [...arr, value];
    case 'Remove':
      return arr.filter((x) => x !== value);
    default:
      throw badRequest(`Unknown partial update operation: ${String(op)}`);
  }
}

/**
 * One index: records by objectID, settings, a MiniSearch full-text index kept up to date on every
 * write, and lazily built filter structures (attribute → value → docIds, numeric sorted arrays,
 * custom-ranking order) that are dropped on writes and rebuilt on the next query that needs them.

/** Orders two sort keys (`dir` 1 = ascending); a missing key comes last either way. */
export function compareSortKeys(a: number | string | undefined, b: number | string | undefined, dir: 1 | -1): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const d = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return d * dir;
}

/**
 * Picks the attributes to return: `['*']` = all, `'-attr'` excludes, dotted paths keep their
 * top-level attribute. `objectID` is always returned.
 */
export function retrieve(rec: SearchRecord, attrs: string[]): Hit {
  if (attrs.includes('*')) {
    const out: Hit = { ...rec };
    for (const a of attrs) if (a.startsWith('-')) delete out[a.slice(1)];
    out.objectID = rec.objectID;
    return out;
  }
  const out: Hit = { objectID: rec.objectID };
  for (const a of attrs) {
    const top = a.split('.')[0];
    if (top in rec) out[top] = rec[top];
  }
  return out;
}

