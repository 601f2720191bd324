/** The data block of each document, parsed once for both readers (null: absent or not JSON). */
const parsed = new WeakMap<Document, Record<string, unknown> | null>();

/** The data block `<script type="application/json" id="shell-startup">` of `doc` as an object, or null. */
function startupBlock(doc: Document): Record<string, unknown> | null {
  if (parsed.has(doc)) return parsed.get(doc) ?? null;
  const text = doc.getElementById('shell-startup')?.textContent;
  let data: Record<string, unknown> | null = null;
  if (text) {
    try {
      const value: unknown = JSON.parse(text);
      data = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      data = null;
    }
  }
  parsed.set(doc, data);
  return data;
}

/**
 * The remote map and RuntimeConfig the edge wrote into the page (shell/server/startup-hints.mjs: a
 * `<script type="application/json" id="shell-startup">` data block, the same documents as /remotes.json
 * and /config.json), so start-up saves a round trip. null when absent or unreadable: then
 * the shell fetches both as before.
 */
export function readStartupData(doc: Document = document): { remotes: unknown; config: unknown } | null {
  const data = startupBlock(doc);
  return data && data.remotes && data.config ? { remotes: data.remotes, config: data.config } : null;
}

/**
 * The remotes' mf-manifest.json the edge wrote into the data block (`manifests`: manifest URL →
 * manifest), for shell/src/mf/startup-manifests-plugin.ts. Empty when absent or unreadable (the MF
 * runtime then fetches each manifest).
 */
export function readStartupManifests(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Map<string, unknown> {
  const m = doc ? startupBlock(doc)?.manifests : null;
  if (!m || typeof m !== 'object' || Array.isArray(m)) return new Map();
  return new Map(Object.entries(m as Record<string, unknown>).filter(([, v]) => v && typeof v === 'object'));
}

/**
 * Which origins a tester override may use: in a development build any (null); in a
 * production build none unless `/config.json` turns overrides on (`remoteOverrides: true`, the edge's
 * REMOTE_OVERRIDES=on, as the local platform and e2e run it), then only `config.remoteOverrideOrigins`.
 */
export function overrideOriginsFor(config: { remoteOverrideOrigins?: string[]; remoteOverrides?: unknown }, production: boolean): readonly string[] | null {
  if (!production) return null;
  if (config.remoteOverrides !== true) return [];
  return (config.remoteOverrideOrigins ?? []).flatMap((o) => {
    try {
      return [new URL(o).origin];
    } catch {
      return [];
    }
  });
}
