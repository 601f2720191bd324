/**
 * The shopper's consent as the shell sees it (spec §4 Guided tours "consent analytics group
 * C0002", §9). Groups: C0001 necessary, C0002 performance (analytics, tours), C0003 functional,
 * C0004 targeting (ads).
 */

/** Performance group: analytics and guided tours (spec §9 "Consent group for tours: C0002"). */
export const PERFORMANCE_GROUP = 'C0002';
/** Targeting group: the ad script. */
export const TARGETING_GROUP = 'C0004';

/**
 * `decided`: the shopper made a choice (banner closed); before that only C0001 is active and analytics
 * events wait. `groups`: active group ids, sorted, e.g. ['C0001', 'C0002'].
 */
export interface ConsentDecision {
  decided: boolean;
  groups: readonly string[];
}

/** Nothing known yet (no consent tool loaded): undecided, no group. */
export const UNDECIDED: ConsentDecision = { decided: false, groups: [] };

const GROUP_ID = /^C\d{4}$/;

/**
 * The active groups of the consent tool's string, e.g. ',C0001,C0002,' → ['C0001', 'C0002'] (sorted, unique;
 * anything that is not a group id is ignored; a non-string gives []).
 */
export function parseActiveGroups(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return Array.from(new Set(value.split(',').map((s) => s.trim()).filter((s) => GROUP_ID.test(s)))).sort();
}

/** Group ids from an event's `detail` array (same rules as {@link parseActiveGroups}). */
export function groupsFromDetail(detail: unknown): string[] | null {
  if (!Array.isArray(detail)) return null;
  return parseActiveGroups(`,${detail.filter((d) => typeof d === 'string').join(',')},`);
}

/** True when both lists hold the same groups. */
export function sameGroups(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort();
  const sb = [...b].sort();
  return sa.every((g, i) => g === sb[i]);
}

/** The tag manager's consent mode values for a decision: performance → analytics, targeting → ads, functional → functionality. */
export function consentModeFor(groups: readonly string[]): Record<string, 'granted' | 'denied'> {
  const has = (g: string): 'granted' | 'denied' => (groups.includes(g) ? 'granted' : 'denied');
  return {
    analytics_storage: has(PERFORMANCE_GROUP),
    ad_storage: has(TARGETING_GROUP),
    ad_user_data: has(TARGETING_GROUP),
    ad_personalization: has(TARGETING_GROUP),
    functionality_storage: has('C0003'),
  };
}
