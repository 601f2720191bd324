/**
 * The remote map the edge serves, overlaid by the deploy store's environment pointer (ADR 0008).
 */
import fs from 'node:fs';

/** The remote map's key of pinned manifest hashes (not a remote name). */
export const PINS_KEY = '$integrity';

/**
 * The remote map the edge serves: `remotes` (each remote's own server: the working builds),
 * overlaid with the deploy store's environment pointer when there is one (tooling/deploy/store.mjs,
 * `environments/<env>/remotes.json`), re-read when the file changes so a promotion or a rollback is
 * served at once, with no restart and no rebuild. Pointer values `deploy:/<remote>/<version>/mf-manifest.json`
 * are resolved against `deployOrigin`; absolute http(s) URLs are kept (a pinned map). The pins beside
 * the pointer (`remotes.integrity.json`: value → the manifest's `sha384-…`, pinned at release) are served
 * resolved, for the manifests the map names: `{ …, "$integrity": { "<manifest url>": "sha384-…" } }` (the shell checks
 * each manifest against it, shell/src/mf/integrity-plugin.ts). An unreadable pointer keeps the last
 * good map (logged once per change).
 * @param {{ remotes: Record<string,string>, remotesPointer?: string, deployOrigin?: string }} o
 * @returns {() => Record<string,string>}
 */
export function createRemoteMapReader({ remotes, remotesPointer, deployOrigin }) {
  let seen = null;
  let merged = remotes;
  // the pins beside the pointer (tooling/deploy/store.mjs pinsFileOf): remotes.json → remotes.integrity.json
  const pinsFile = remotesPointer ? remotesPointer.replace(/(\.json)?$/, '.integrity.json') : null;
  return () => {
    if (!remotesPointer) return remotes;
    let stamp = 'absent';
    try {
      const st = fs.statSync(remotesPointer);
      stamp = `${st.mtimeMs}:${st.size}`;
      const pt = fs.statSync(pinsFile, { throwIfNoEntry: false });
      if (pt) stamp += `:${pt.mtimeMs}:${pt.size}`;
    } catch { /* no pointer yet: the working builds */ }
    if (stamp === seen) return merged;
    seen = stamp;
    if (stamp === 'absent') return (merged = remotes);
    try {
      const pointer = JSON.parse(fs.readFileSync(remotesPointer, 'utf8'));
      const resolve = (value) => {
        if (!value.startsWith('deploy:')) return value;
        return deployOrigin ? new URL(value.slice('deploy:'.length), `${deployOrigin}/`).href : null;
      };
      const resolved = {};
      for (const [name, value] of Object.entries(pointer)) {
        if (typeof value !== 'string') continue;
        const url = resolve(value);
        if (url) resolved[name] = url;
      }
      merged = { ...remotes, ...resolved };
      // the pins of the manifests the map names (tooling/deploy/store.mjs `$integrity`), as absolute URLs
      const pins = {};
      const named = new Set(Object.values(merged));
      let pinned = {};
      try {
        pinned = JSON.parse(fs.readFileSync(pinsFile, 'utf8'));
      } catch { /* no pins (a tester's map): the manifests load unchecked, their files still with integrity */ }
      for (const [value, sri] of Object.entries(pinned && typeof pinned === 'object' ? pinned : {})) {
        const url = typeof sri === 'string' ? resolve(value) : null;
        if (url && named.has(url)) pins[url] = sri;
      }
      if (Object.keys(pins).length) merged = { ...merged, [PINS_KEY]: pins };
    } catch (err) {
      console.warn(`[edge] remote pointer ${remotesPointer} is unreadable (${err.message}); serving the previous map`);
    }
    return merged;
  };
}

