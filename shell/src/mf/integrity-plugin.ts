/**
 * MF runtime plugin: the storefront runs only published code (Subresource Integrity, ARCHITECTURE §2).
 *
 * - A manifest whose URL the remote map pins (`$integrity`: manifest URL → `sha384-…`, written by the
 *   deploy store's release, tooling/deploy) is fetched, hashed with WebCrypto (SHA-384) and compared
 *   before the runtime reads it; a different byte fails the remote (SHELL-009), whose slot then shows
 *   its fallback (./offline-remote-plugin, SHELL-002). A manifest the edge wrote into the page was
 *   checked by the edge (shell/server/startup-hints.mjs) and is not fetched again.
 * - The manifest's `integrity` (file → hash, sealed at publish) is kept per absolute URL on
 *   `window.__STOREFRONT_SRI__`: `createScript`/`createLink` put `integrity` on the remote entry, and
 *   the remotes' webpack script loader (tooling/webpack/preset.js SriChunkPlugin) on every lazy chunk.
 *   Every remote script gets `crossorigin="anonymous"` (the browser checks integrity of CORS responses only).
 * - A manifest whose `name` is not the remote the slot asked for (a map entry or a tester override naming
 *   another remote's manifest) is refused (SHELL-010).
 * - When a remote fails to load and one of its files has a hash, the file is fetched again and hashed,
 *   so a changed file is reported as SHELL-009 (the browser itself gives no reason).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportShellError, SHELL_ERRORS } from '../errors';
import { readStartupManifests } from '../startup-data';

/** The page global holding absolute file URL → SRI hash (the name is shared with tooling/webpack/preset.js SRI_GLOBAL). */
export const SRI_GLOBAL = '__STOREFRONT_SRI__';

/** `sha384-<base64>`, the only algorithm the deploy store writes. */
export const SRI_PATTERN = /^sha384-[A-Za-z0-9+/]{64}$/;

type SriTable = Record<string, string>;

/** The page's file hash table (created on first use). */
export function sriTable(): SriTable {
  const g = globalThis as typeof globalThis & { [SRI_GLOBAL]?: SriTable };
  if (!g[SRI_GLOBAL] || typeof g[SRI_GLOBAL] !== 'object') g[SRI_GLOBAL] = {};
  return g[SRI_GLOBAL] as SriTable;
}

/** Manifest URL → pinned hash, from the remote map (set by bootstrap before any remote loads). */
const pins = new Map<string, string>();

/** Pins the manifests of the effective remote map (`$integrity` of /remotes.json, see ../remotes). */
export function pinManifests(pinned: Record<string, string>): void {
  pins.clear();
  for (const [url, sri] of Object.entries(pinned)) pins.set(url, sri);
}

/** The SRI string (`sha384-<base64>`) of some bytes, with WebCrypto. */
export async function sriOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  let bin = '';
  for (const b of digest) bin += String.fromCharCode(b);
  return `sha384-${btoa(bin)}`;
}

/** Thrown when fetched bytes do not have their pinned hash. */
export class IntegrityError extends Error {
  constructor(readonly url: string, readonly expected: string, readonly actual: string) {
    super(`${url} does not match its published hash (expected ${expected}, got ${actual})`);
    this.name = 'IntegrityError';
  }
}

/**
 * GETs `url` (CORS, no credentials) and checks its bytes against `expected`.
 * @returns a Response over the checked bytes
 * @throws IntegrityError on a different hash (after reporting SHELL-009); the fetch's error or an HTTP error otherwise
 */
export async function fetchVerified(url: string, expected: string, remote?: string, fetchImpl: typeof fetch = fetch): Promise<Response> {
  const res = await fetchImpl(url, { mode: 'cors', credentials: 'omit' });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  const bytes = await res.arrayBuffer();
  const actual = await sriOf(bytes);
  if (actual !== expected) {
    const error = new IntegrityError(url, expected, actual);
    reportShellError(SHELL_ERRORS.REMOTE_INTEGRITY_FAILED, `Remote ${remote ? `'${remote}' ` : ''}refused: ${url} is not the published file.`, { remote, error });
    throw error;
  }
  return new Response(bytes, { status: 200, headers: { 'Content-Type': res.headers.get('Content-Type') || 'application/json' } });
}

/** The folder a manifest's files are relative to: its `metaData.publicPath`, or (publicPath 'auto') the manifest's own folder. */
function baseOf(manifestUrl: string, manifest: { metaData?: { publicPath?: unknown } }): string | null {
  try {
    const pp = manifest.metaData?.publicPath;
    return typeof pp === 'string' && pp !== 'auto' && pp !== '' ? new URL(pp, manifestUrl).href : new URL('.', manifestUrl).href;
  } catch {
    return null;
  }
}

/**
 * Records a manifest's file hashes (`integrity`, sealed by the deploy store) as absolute URL → hash.
 * Entries that are not `sha384-…` are skipped. @returns how many were recorded
 */
export function recordFileHashes(manifestUrl: string, manifest: { integrity?: unknown; metaData?: { publicPath?: unknown } }): number {
  const list = manifest.integrity;
  const base = baseOf(manifestUrl, manifest);
  if (!base || !list || typeof list !== 'object' || Array.isArray(list)) return 0;
  const table = sriTable();
  let n = 0;
  for (const [file, sri] of Object.entries(list as Record<string, unknown>)) {
    if (typeof sri !== 'string' || !SRI_PATTERN.test(sri)) continue;
    try {
      table[new URL(file, base).href] = sri;
      n += 1;
    } catch { /* not a relative path: skipped */ }
  }
  return n;
}

/** Sets `crossorigin` and, when known, `integrity` on the attributes of a script or link the runtime creates. */
export function secureAttrs(url: string, attrs: Record<string, unknown> | undefined): void {
  if (!attrs) return;
  attrs.crossorigin = 'anonymous';
  const sri = sriTable()[url];
  if (sri) attrs.integrity = sri;
}

/** Absolute URLs named in an error's message (a ChunkLoadError or the runtime's entry error name the file). */
function urlsIn(error: unknown): string[] {
  const text = error instanceof Error ? `${error.message} ${String((error as { request?: unknown }).request ?? '')}` : String(error);
  return Array.from(new Set(text.match(/https?:\/\/[^\s"')]+/g) || []));
}

/**
 * After a remote failed to load: each of the named files that has a hash is fetched again and hashed;
 * a difference is reported as SHELL-009 (by {@link fetchVerified}). Other failures are left to SHELL-002.
 */
export async function diagnoseLoadFailure(id: string, error: unknown, fetchImpl: typeof fetch = fetch): Promise<void> {
  const table = sriTable();
  for (const url of urlsIn(error).map((u) => u.replace(/[.,;:]+$/, ''))) {
    const expected = table[url];
    if (!expected) continue;
    try {
      await fetchVerified(url, expected, id, fetchImpl);
    } catch { /* reported when it is an integrity failure */ }
  }
}

/** Arguments of the runtime hooks this plugin reads. */
interface SnapshotArgs {
  moduleInfo: { name: string };
  manifestJson?: { name?: unknown; integrity?: unknown; metaData?: { publicPath?: unknown } };
  manifestUrl?: string;
  from: string;
}

/**
 * The plugin.
 * @param fromPage manifest URLs the edge already checked and wrote into the page (answered by
 *   ./startup-manifests-plugin, which runs before this one)
 */
export function integrityPlugin(fromPage: Set<string> = new Set(), fetchImpl: typeof fetch = fetch): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-integrity',
    fetch(url: string, _init: unknown, remoteInfo?: { name?: string }) {
      if (fromPage.delete(url)) return undefined;
      const pinned = pins.get(url);
      return pinned ? fetchVerified(url, pinned, remoteInfo?.name, fetchImpl) : undefined;
    },
    loadRemoteSnapshot(args) {
      const a = args as unknown as SnapshotArgs;
      if (a.from === 'manifest' && a.manifestJson && a.manifestUrl) {
        const named = a.manifestJson.name;
        if (named !== a.moduleInfo.name) {
          const error = new Error(`${a.manifestUrl} is the manifest of '${String(named)}', not of '${a.moduleInfo.name}'`);
          reportShellError(SHELL_ERRORS.REMOTE_NAME_MISMATCH, `Remote '${a.moduleInfo.name}' refused: its manifest belongs to another remote.`, { remote: a.moduleInfo.name, error });
          throw error;
        }
        recordFileHashes(a.manifestUrl, a.manifestJson);
      }
      return args;
    },
    createScript(args) {
      const a = args as unknown as { url: string; attrs?: Record<string, unknown> };
      secureAttrs(a.url, a.attrs);
      return undefined;
    },
    createLink(args) {
      const a = args as unknown as { url: string; attrs?: Record<string, unknown> };
      secureAttrs(a.url, a.attrs);
      return undefined;
    },
    errorLoadRemote(args) {
      const a = args as unknown as { id: string; error: unknown; lifecycle: string };
      if (a.lifecycle === 'onLoad') void diagnoseLoadFailure(a.id, a.error, fetchImpl);
      return undefined;
    },
  };
}

/** The runtime plugin entry (shell/webpack.config.js `runtimePlugins`, after startup-manifests-plugin). */
export default function integrityFromPage(): ModuleFederationRuntimePlugin {
  return integrityPlugin(new Set(readStartupManifests().keys()));
}
