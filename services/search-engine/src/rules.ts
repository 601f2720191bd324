/**
 * Query rules in Algolia's shape (the subset the storefront uses: a query pattern → a consequence
 * carrying `userData`, e.g. a promotional redirect card, spec §2 Search dropdown, §3 "Promotional
 * redirect card").
 *
 * A rule matches when ANY of its conditions matches (a rule without conditions always applies).
 * A condition `{ pattern, anchoring }` is compared word by word with the query, both lower-cased and
 * stripped of accents and punctuation (`Flyer!` ≡ `flyer`):
 * - `is`: the query is exactly the pattern;
 * - `startsWith` / `endsWith`: the query's first / last words are the pattern's words;
 * - `contains`: the pattern's words appear consecutively somewhere in the query.
 * An empty pattern with `is` matches the empty query. `context` restricts a condition to requests
 * whose `ruleContexts` include it. `enabled: false` and `validity` ranges (Unix seconds) are honoured.
 *
 * Consequences honoured: `userData` (returned in the search response's `userData` array, one entry per
 * applied rule, in objectID order). `params`, `promote`, `hide` are stored and returned but have no
 * effect on results.
 */
import { ApiError, badRequest } from './errors';
import { normalizeTerm, tokenize } from './text';

/** How a condition's pattern is anchored in the query. */
export type Anchoring = 'is' | 'startsWith' | 'endsWith' | 'contains';

const ANCHORINGS: ReadonlySet<string> = new Set(['is', 'startsWith', 'endsWith', 'contains']);

/** One rule condition (Algolia `Condition`). */
export interface RuleCondition {
  /** Query pattern (plain words; `{facet:x}` placeholders are not supported and match literally). */
  pattern?: string;
  anchoring?: Anchoring;
  /** Accepted and ignored (no synonyms or plurals here). */
  alternatives?: boolean;
  /** Only for requests whose `ruleContexts` contain this value. */
  context?: string;
  /** Accepted and ignored. */
  filters?: string;
}

/** What an applied rule does (Algolia `Consequence`). */
export interface RuleConsequence {
  /** Any JSON; returned in the response's `userData` array. */
  userData?: unknown;
  params?: Record<string, unknown>;
  promote?: unknown[];
  hide?: unknown[];
  filterPromotes?: boolean;
}

/** A validity range, Unix seconds, inclusive. */
export interface TimeRange {
  from: number;
  until: number;
}

/** A stored rule (Algolia `Rule`). */
export interface Rule {
  objectID: string;
  conditions?: RuleCondition[];
  consequence: RuleConsequence;
  description?: string;
  /** Default true. */
  enabled?: boolean;
  validity?: TimeRange[];
  tags?: string[];
}

/** Parameters of `POST /1/indexes/:index/rules/search` (Algolia `SearchRulesParams`). */
export interface SearchRulesParams {
  /** Text searched in objectID, description and condition patterns (case- and accent-insensitive); '' = all. */
  query?: string;
  /** Only rules with a condition of this anchoring. */
  anchoring?: Anchoring;
  /** Only rules with a condition of this context. */
  context?: string;
  /** 0-based. */
  page?: number;
  /** Default 20, 1..1000. */
  hitsPerPage?: number;
  /** Only enabled (true) or disabled (false) rules; null/undefined = both. */
  enabled?: boolean | null;
}

/** Answer of a rules search. */
export interface SearchRulesResponse {
  hits: Rule[];
  nbHits: number;
  page: number;
  nbPages: number;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Validates a rule body; `objectID` (from the URL) wins over the body's.
 * @throws ApiError 400 with the reason for a malformed rule
 */
export function validateRule(raw: unknown, objectID?: string): Rule {
  if (!isObj(raw)) throw badRequest('Invalid rule: expected a JSON object');
  const id = objectID ?? raw.objectID;
  if (typeof id !== 'string' || id === '' || id.length > 64) throw badRequest('Invalid rule: objectID must be a string of 1 to 64 characters');
  if (!isObj(raw.consequence)) throw badRequest(`Invalid rule ${id}: consequence is required`);
  const conditions: RuleCondition[] = [];
  const rawConditions = raw.conditions ?? (raw.condition !== undefined ? [raw.condition] : undefined);
  if (rawConditions !== undefined) {
    if (!Array.isArray(rawConditions)) throw badRequest(`Invalid rule ${id}: conditions must be an array`);
    for (const [i, c] of rawConditions.entries()) {
      if (!isObj(c)) throw badRequest(`Invalid rule ${id}: conditions[${i}] must be an object`);
      if (c.pattern !== undefined && typeof c.pattern !== 'string') throw badRequest(`Invalid rule ${id}: conditions[${i}].pattern must be a string`);
      if (c.anchoring !== undefined && (typeof c.anchoring !== 'string' || !ANCHORINGS.has(c.anchoring))) {
        throw badRequest(`Invalid rule ${id}: conditions[${i}].anchoring must be one of is, startsWith, endsWith, contains`);
      }
      if (c.pattern !== undefined && c.anchoring === undefined) throw badRequest(`Invalid rule ${id}: conditions[${i}] has a pattern but no anchoring`);
      if (c.context !== undefined && typeof c.context !== 'string') throw badRequest(`Invalid rule ${id}: conditions[${i}].context must be a string`);
      conditions.push(c as RuleCondition);
    }
  }
  if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean') throw badRequest(`Invalid rule ${id}: enabled must be a boolean`);
  if (raw.validity !== undefined) {
    if (!Array.isArray(raw.validity) || !raw.validity.every((r) => isObj(r) && typeof r.from === 'number' && typeof r.until === 'number')) {
      throw badRequest(`Invalid rule ${id}: validity must be an array of { from, until } (Unix seconds)`);
    }
  }
  const rule: Rule = { ...(raw as Obj), objectID: id, consequence: raw.consequence as RuleConsequence } as Rule;
  delete (rule as unknown as Obj).condition;
  if (rawConditions !== undefined) rule.conditions = conditions;
  return rule;
}

const words = (s: string): string[] => tokenize(s).map(normalizeTerm);

function startsWithWords(q: string[], p: string[], at: number): boolean {
  if (at < 0 || at + p.length > q.length) return false;
  for (let i = 0; i < p.length; i++) if (q[at + i] !== p[i]) return false;
  return true;
}

/** Whether one condition's pattern matches the query words (context checked by the caller). */
export function patternMatches(condition: RuleCondition, queryWords: string[]): boolean {
  if (condition.pattern === undefined) return true; // context-only / filters-only condition
  const p = words(condition.pattern);
  const q = queryWords;
  switch (condition.anchoring) {
    case 'is':
      return p.length === q.length && startsWithWords(q, p, 0);
    case 'startsWith':
      return p.length > 0 && startsWithWords(q, p, 0);
    case 'endsWith':
      return p.length > 0 && startsWithWords(q, p, q.length - p.length);
    case 'contains':
      if (p.length === 0) return false;
      for (let i = 0; i + p.length <= q.length; i++) if (startsWithWords(q, p, i)) return true;
      return false;
    default:
      return false;
  }
}

/** Whether a rule is enabled and valid at `nowSec` (Unix seconds). */
export function isActive(rule: Rule, nowSec: number): boolean {
  if (rule.enabled === false) return false;
  if (rule.validity && rule.validity.length > 0) return rule.validity.some((r) => r.from <= nowSec && nowSec <= r.until);
  return true;
}

/** The rules of one index. */
export class RuleSet {
  private rules = new Map<string, Rule>();

  /** Number of rules. */
  get size(): number {
    return this.rules.size;
  }

  /** Adds or replaces a validated rule. */
  save(rule: Rule): void {
    this.rules.set(rule.objectID, rule);
  }

  /** A rule, or 404 `ObjectID does not exist`. */
  get(objectID: string): Rule {
    const r = this.rules.get(objectID);
    if (!r) throw new ApiError(404, 'ObjectID does not exist');
    return r;
  }

  /** Deletes a rule; 404 when it does not exist (as Algolia). */
  delete(objectID: string): void {
    if (!this.rules.delete(objectID)) throw new ApiError(404, 'ObjectID does not exist');
  }

  clear(): void {
    this.rules.clear();
  }

  /** All rules, sorted by objectID. */
  all(): Rule[] {
    return [...this.rules.values()].sort((a, b) => a.objectID.localeCompare(b.objectID));
  }

  /** Replaces every rule with copies of `rules` (index copy with scope `rules`). */
  replaceAll(rules: Rule[]): void {
    this.rules = new Map(rules.map((r) => [r.objectID, structuredClone(r)]));
  }

  /** Rules search (`searchRules`). */
  search(params: SearchRulesParams): SearchRulesResponse {
    const hitsPerPage = params.hitsPerPage ?? 20;
    const page = params.page ?? 0;
    if (!Number.isInteger(hitsPerPage) || hitsPerPage < 1 || hitsPerPage > 1000) throw badRequest('hitsPerPage must be between 1 and 1000');
    if (!Number.isInteger(page) || page < 0) throw badRequest('page must be a non-negative integer');
    if (params.anchoring !== undefined && !ANCHORINGS.has(params.anchoring)) throw badRequest('Invalid value for parameter anchoring');
    const needle = normalizeTerm(params.query ?? '').trim();
    const matching = this.all().filter((r) => {
      if (params.enabled === true && r.enabled === false) return false;
      if (params.enabled === false && r.enabled !== false) return false;
      const conds = r.conditions ?? [];
      if (params.anchoring && !conds.some((c) => c.anchoring === params.anchoring)) return false;
      if (params.context && !conds.some((c) => c.context === params.context)) return false;
      if (!needle) return true;
      const hay = [r.objectID, r.description ?? '', ...conds.map((c) => c.pattern ?? '')].map(normalizeTerm);
      return hay.some((h) => h.includes(needle));
    });
    return {
      hits: matching.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
      nbHits: matching.length,
      page,
      nbPages: Math.ceil(matching.length / hitsPerPage),
    };
  }

  /**
   * The rules that apply to a query, in objectID order.
   * @param query the query as received
   * @param contexts the request's `ruleContexts`
   * @param nowSec current time, Unix seconds
   */
  match(query: string, contexts: readonly string[] = [], nowSec = Math.floor(Date.now() / 1000)): Rule[] {
    if (this.rules.size === 0) return [];
    const q = words(query);
    return this.all().filter((rule) => {
      if (!isActive(rule, nowSec)) return false;
      const conds = rule.conditions ?? [];
      if (conds.length === 0) return true;
      return conds.some((c) => (c.context === undefined || contexts.includes(c.context)) && patternMatches(c, q));
    });
  }
}
