/**
 * The runtime remote map (ARCHITECTURE §2): `/remotes.json` names, per remote package, the URL of its
 * `mf-manifest.json`, e.g.
 *   { "mf-header": "http://localhost:3001/mf-header/1.0.0/mf-manifest.json", "mf-search": "...", ... }
 * Testers pin versions by pointing the map at versioned, immutable builds; one browser can override an
 * entry with `?remote.<name>=<url>` or localStorage `remote-override:<name>` (the "remote-control"
 * pattern of module-federation-examples `runtime-plugins/remote-control`).
 */
import { getInstance } from '@module-federation/enhanced/runtime';
import { KNOWN_REMOTES, mfName, REQUIRED_REMOTES } from './apps';
import { reportShellError, SHELL_ERRORS } from './errors';

/** Remote package name → absolute URL of its `mf-manifest.json`. */
export type RemoteMap = Record<string, string>;

/**
 * The key of the remote map that pins manifests: `{ "$integrity": { "<manifest url>": "sha384-…" } }`
 * (the deploy store's pointer, tooling/deploy/store.mjs; not a remote name).
 */
export const PINS_KEY = '$integrity';

const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

/** A problem found in the map or in an override. */
export interface RemoteProblem {
  remote?: string;
  reason: string;
}

/** localStorage key prefix of a tester override: `remote-override:mf-header`. */
export const OVERRIDE_STORAGE_PREFIX = 'remote-override:';
/** Query-string prefix of a tester override: `?remote.mf-header=<manifest url>`. */
export const OVERRIDE_QUERY_PREFIX = 'remote.';

const REMOTE_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

/**
 * `value` as an absolute http(s) URL string, resolved against `base` (so '/x/mf-manifest.json' is
 * allowed), or null for anything else (javascript:, data:, malformed).
 */
export function toHttpUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Validates a parsed `/remotes.json`. Invalid entries are dropped (their apps then show fallbacks);
 * missing required remotes are listed as problems.
 * @param base URL that relative manifest URLs resolve against (the page URL)
 */
export function validateRemoteMap(input: unknown, base: string): { remotes: RemoteMap; problems: RemoteProblem[] } {
  const problems: RemoteProblem[] = [];
  const remotes: RemoteMap = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    problems.push({ reason: `the remote map must be a JSON object of remote name to manifest URL, got ${Array.isArray(input) ? 'an array' : input === null ? 'null' : typeof input}` });
    return { remotes, problems };
  }
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    if (name === PINS_KEY) continue;
    if (!REMOTE_NAME.test(name)) {
      problems.push({ remote: name, reason: `'${name}' is not a remote package name` });
      continue;
    }
    const url = toHttpUrl(value, base);
    if (!url) {
      problems.push({ remote: name, reason: `the manifest URL of '${name}' must be an http(s) URL, got ${JSON.stringify(value)}` });
      continue;
    }
    remotes[name] = url;
  }
  for (const name of REQUIRED_REMOTES) {
    if (!(name in remotes) && !problems.some((p) => p.remote === name)) {
      problems.push({ remote: name, reason: `'${name}' is missing from the remote map` });
    }
  }
  return { remotes, problems };
}

/**
 * The manifest hashes a remote map pins (`$integrity`), keyed by absolute manifest URL (resolved against
 * `base`). Entries that are not an http(s) URL → `sha384-<base64>` are dropped and reported as SHELL-001.
 */
export function readManifestPins(input: unknown, base: string): Record<string, string> {
  const pins: Record<string, string> = {};
  const raw = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>)[PINS_KEY] : undefined;
  if (raw === undefined) return pins;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    reportShellError(SHELL_ERRORS.REMOTE_MAP_INVALID, `Remote map: '${PINS_KEY}' must be an object of manifest URL to sha384 hash.`);
    return pins;
  }
  for (const [url, sri] of Object.entries(raw as Record<string, unknown>)) {
    const abs = toHttpUrl(url, base);
    if (abs && typeof sri === 'string' && SRI.test(sri)) pins[abs] = sri;
    else reportShellError(SHELL_ERRORS.REMOTE_MAP_INVALID, `Remote map: the pin of ${JSON.stringify(url)} is not an http(s) URL with a sha384 hash.`);
  }
  return pins;
}

/**
 * Tester overrides for this browser: `?remote.<name>=<url>` (this page load) wins over localStorage
 * `remote-override:<name>` (until removed). Only names in `known` and http(s) URLs are accepted, and,
 * when `allowedOrigins` is given (a production build: RuntimeConfig.remoteOverrideOrigins),
 * only URLs on one of those origins; an empty list: overrides are off (a production build without
 * `config.remoteOverrides`, see ./startup-data `overrideOriginsFor`). The manifest must also be the same
 * remote's: the MF runtime plugin refuses another remote's (./mf/integrity-plugin, SHELL-010).
 */
export function readOverrides(
  location: Pick<URL, 'href' | 'search'>,
  storage: Pick<Storage, 'getItem'> | null,
  known: readonly string[],
  allowedOrigins: readonly string[] | null = null,
): { overrides: RemoteMap; rejected: RemoteProblem[] } {
  const overrides: RemoteMap = {};
  const rejected: RemoteProblem[] = [];
  const consider = (name: string, value: string, source: string) => {
    if (name in overrides) return;
    if (!known.includes(name)) {
      rejected.push({ remote: name, reason: `${source} names an unknown remote '${name}'` });
      return;
    }
    const url = toHttpUrl(value, location.href);
    if (!url) {
      rejected.push({ remote: name, reason: `${source} for '${name}' is not an http(s) URL: ${JSON.stringify(value)}` });
      return;
    }
    if (allowedOrigins && allowedOrigins.length === 0) {
      rejected.push({ remote: name, reason: `${source} for '${name}' is ignored: tester overrides are off in this build (config.remoteOverrides)` });
      return;
    }
    if (allowedOrigins && !allowedOrigins.includes(new URL(url).origin)) {
      rejected.push({ remote: name, reason: `${source} for '${name}' is on ${new URL(url).origin}, which is not an allowed override origin` });
      return;
    }
    overrides[name] = url;
  };
  new URLSearchParams(location.search).forEach((value, key) => {
    if (key.startsWith(OVERRIDE_QUERY_PREFIX)) consider(key.slice(OVERRIDE_QUERY_PREFIX.length), value, `query parameter '${key}'`);
  });
  if (storage) {
    for (const name of known) {
      let value: string | null = null;
      try {
        value = storage.getItem(OVERRIDE_STORAGE_PREFIX + name);
      } catch {
        value = null; // storage disabled (privacy mode): no overrides
      }
      if (value !== null) consider(name, value, `localStorage '${OVERRIDE_STORAGE_PREFIX}${name}'`);
    }
  }
  return { overrides, rejected };
}

/**
 * Resolves the effective remote map: validates `input` (reporting SHELL-001 per problem, or once when
 * `fetchError` says `/remotes.json` could not be loaded), then applies
 * the tester overrides (reporting SHELL-005 per rejected override; `console.info` per applied one).
 */
export function resolveRemoteMap(
  input: unknown,
  location: Pick<URL, 'href' | 'search'>,
  storage: Pick<Storage, 'getItem'> | null,
  fetchError?: unknown,
  allowedOverrideOrigins: readonly string[] | null = null,
): RemoteMap {
  let remotes: RemoteMap = {};
  if (fetchError !== undefined) {
    reportShellError(SHELL_ERRORS.REMOTE_MAP_INVALID, 'Remote map: /remotes.json could not be loaded; no remote can be shown.', { error: fetchError });
  } else {
    const result = validateRemoteMap(input, location.href);
    remotes = result.remotes;
    for (const p of result.problems) reportShellError(SHELL_ERRORS.REMOTE_MAP_INVALID, `Remote map: ${p.reason}.`, { remote: p.remote });
  }
  const known = Array.from(new Set([...KNOWN_REMOTES, ...Object.keys(remotes)]));
  const { overrides, rejected } = readOverrides(location, storage, known, allowedOverrideOrigins);
  for (const r of rejected) reportShellError(SHELL_ERRORS.REMOTE_OVERRIDE_REJECTED, `Remote override ignored: ${r.reason}.`, { remote: r.remote });
  for (const [name, url] of Object.entries(overrides)) console.info(`[shell] remote override: ${name} -> ${url}`);
  return { ...remotes, ...overrides };
}

/** The subset of the MF runtime instance used here (injectable in tests). */
export interface RemoteRegistry {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
}

/**
 * Registers every remote of `remotes` with the MF runtime, under its MF name (`mf-header` → `mf_header`),
 * BEFORE anything loads a remote (ARCHITECTURE §2, §7).
 * @throws Error when the MF runtime instance does not exist (the host was not built with the MF plugin)
 */
export function registerRemoteMap(remotes: RemoteMap, registry: RemoteRegistry | null = getInstance()): void {
  if (!registry) throw new Error('shell: the Module Federation runtime instance is missing');
  registry.registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name: mfName(name), entry })),
    { force: true },
  );
}
