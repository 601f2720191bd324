/**
 * Recent searches (spec §3 Recent search `{ id, label }`, §5 "A recent-search label is truncated to 45
 * characters with an ellipsis", §6 anonymous shoppers keep them in the browser, signed-in shoppers on
 * the server under their token).
 */
import { sanitizeQuery } from './query';

/** A recent search (spec §3). */
export interface RecentSearch {
  id: string;
  label: string;
}

/** Longest label shown before it is cut, in characters (spec §5, §9: 45). */
export const RECENT_LABEL_MAX = 45;
/** Recent searches kept and shown (newest first; the BFF keeps 10 too). */
export const MAX_RECENT = 10;
/** localStorage key of an anonymous shopper's recent searches. */
export const RECENT_STORAGE_KEY = 'mfs-recent-searches';

/**
 * The label as shown: at most 45 characters, cut with '...' when longer (spec §5).
 * @example truncateLabel('a'.repeat(50)) === 'a'.repeat(45) + '...'
 */
export function truncateLabel(label: string, max = RECENT_LABEL_MAX): string {
  const chars = Array.from(label);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : label;
}

const isRecent = (v: unknown): v is RecentSearch =>
  typeof v === 'object' && v !== null && typeof (v as RecentSearch).id === 'string' && typeof (v as RecentSearch).label === 'string';

/** Parses stored recent searches, dropping anything malformed (never throws). */
export function parseRecent(raw: string | null): RecentSearch[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter(isRecent).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/**
 * Adds a search to the front of the list: sanitised, the same label (case-insensitive) moved rather
 * than repeated, at most {@link MAX_RECENT} kept.
 * @param id id for a new entry (e.g. a timestamp-based id)
 */
export function addRecent(list: readonly RecentSearch[], label: string, id: string): RecentSearch[] {
  const clean = sanitizeQuery(label);
  if (!clean) return [...list];
  const key = clean.toLowerCase();
  return [{ id, label: clean }, ...list.filter((r) => r.label.toLowerCase() !== key)].slice(0, MAX_RECENT);
}

/** The list without the entry `id`. */
export function removeRecent(list: readonly RecentSearch[], id: string): RecentSearch[] {
  return list.filter((r) => r.id !== id);
}
