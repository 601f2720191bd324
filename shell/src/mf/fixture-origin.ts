/**
 * Test support (not bundled): an origin serving fixture remotes to a real MF runtime
 * (`new ModuleFederation({ name, remotes, plugins })`) in jsdom, so the shell's runtime plugins are
 * tested through the hooks the runtime really calls, in the style of module-federation/core's
 * runtime-core tests (their mock script responses).
 *
 * Each remote package `<pkg>` is served at `http://fixtures.test/<pkg>/1.0.0/`: `mf-manifest.json` and
 * `remoteEntry.js` from ./fixtures (*.template.*, `NAME` → the remote's MF name, `PKG` → the package).
 * - Manifests come through `globalThis.fetch` (jsdom has none): 200 for a served file, 404 for any
 *   other URL of the origin, a network error (TypeError) for a remote marked `down`.
 * - jsdom runs no external script: a `<script src>` of the origin added to the document is run from
 *   its fixture file, then its `load` event fires (`error` for a file not served).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resetFederationGlobalInfo } from '@module-federation/runtime-core';

export const FIXTURE_ORIGIN = 'http://fixtures.test';

/** The MF name of a remote package (`mf-header` → `mf_header`), as the preset builds it. */
export const mfNameOf = (pkg: string): string => pkg.replace(/[^a-zA-Z0-9_]/g, '_');

/** The manifest URL of a fixture remote. */
export const manifestUrlOf = (pkg: string): string => `${FIXTURE_ORIGIN}/${pkg}/1.0.0/mf-manifest.json`;

/** The manifest JSON a fixture remote serves (the same text as the origin's). */
export function fixtureManifest(pkg: string): Record<string, unknown> {
  return JSON.parse(template('mf-manifest.template.json', pkg, mfNameOf(pkg))) as Record<string, unknown>;
}

function template(file: string, pkg: string, mfName: string): string {
  return readFileSync(join(__dirname, 'fixtures', file), 'utf8').replace(/NAME/g, mfName).replace(/PKG/g, pkg);
}

/** What the origin saw. */
export interface FixtureOrigin {
  /** Every URL fetched through `globalThis.fetch`, in order. */
  readonly fetched: string[];
  /** Every script of the origin the page added: its URL and attributes (integrity, crossorigin). */
  readonly scripts: Array<{ src: string; integrity: string | null; crossorigin: string | null }>;
  /** Stops serving: restores fetch and the DOM methods, removes the remotes' globals. */
  close(): void;
}

/**
 * The jest hooks of a test file of the MF runtime: each test starts with a fresh federation global state,
 * and the origin it opened with the returned `serve` (same arguments as {@link serveFixtureRemotes}) is
 * closed after it; calling `serve` again closes the previous origin first.
 */
export function fixtureOriginPerTest(): typeof serveFixtureRemotes {
  let origin: FixtureOrigin | undefined;
  beforeEach(() => resetFederationGlobalInfo());
  afterEach(() => {
    origin?.close();
    origin = undefined;
  });
  return (pkgs, o) => {
    origin?.close();
    return (origin = serveFixtureRemotes(pkgs, o));
  };
}

/**
 * Serves `pkgs` on {@link FIXTURE_ORIGIN}.
 * @param o.down remote packages whose server is down (every request fails)
 * @param o.manifestPatch per package, top-level fields replaced in its manifest (e.g. `integrity`)
 */
export function serveFixtureRemotes(pkgs: string[], o: { down?: string[]; manifestPatch?: Record<string, Record<string, unknown>> } = {}): FixtureOrigin {
  const files = new Map<string, string>();
  for (const pkg of pkgs) {
    const base = `${FIXTURE_ORIGIN}/${pkg}/1.0.0/`;
    files.set(`${base}mf-manifest.json`, JSON.stringify({ ...fixtureManifest(pkg), ...o.manifestPatch?.[pkg] }));
    files.set(`${base}remoteEntry.js`, template('remoteEntry.template.js', pkg, mfNameOf(pkg)));
  }
  const isDown = (url: string) => (o.down ?? []).some((pkg) => url.startsWith(`${FIXTURE_ORIGIN}/${pkg}/`));
  const fetched: string[] = [];
  const scripts: FixtureOrigin['scripts'] = [];
  const g = globalThis as Record<string, unknown>;
  if (typeof g.Response === 'undefined') g.Response = FixtureResponse;
  const previousFetch = g.fetch;
  g.fetch = async (input: string | URL) => {
    const url = String(input);
    fetched.push(url);
    if (isDown(url)) throw new TypeError('Failed to fetch');
    const body = files.get(url);
    return body === undefined ? new (g.Response as typeof FixtureResponse)('Not Found', { status: 404 }) : new (g.Response as typeof FixtureResponse)(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
  };

  const proto = Element.prototype as unknown as Record<string, (this: Element, ...args: unknown[]) => unknown>;
  const originalAppend = proto.appendChild;
  proto.appendChild = function appendChild(this: Element, ...args: unknown[]) {
    const [node] = args;
    if (node instanceof HTMLScriptElement && node.src.startsWith(FIXTURE_ORIGIN)) {
      scripts.push({ src: node.src, integrity: node.getAttribute('integrity'), crossorigin: node.getAttribute('crossorigin') });
      const text = isDown(node.src) ? undefined : files.get(node.src);
      // After the caller's own code, as a browser would.
      setTimeout(() => {
        if (text !== undefined) new Function(text)();
        node.dispatchEvent(new Event(text === undefined ? 'error' : 'load'));
      }, 0);
    }
    return originalAppend.apply(this, args);
  };

  return {
    fetched,
    scripts,
    close() {
      proto.appendChild = originalAppend;
      g.fetch = previousFetch;
      for (const pkg of pkgs) delete g[mfNameOf(pkg)];
    },
  };
}

/** The part of the Fetch API's Response the MF runtime and the plugins use (jsdom has no Response). */
class FixtureResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  private readonly body: string | ArrayBuffer;

  constructor(body: string | ArrayBuffer, init: { status?: number; headers?: Record<string, string> } = {}) {
    this.body = body;
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    this.headers = { get: (name: string) => headers[name.toLowerCase()] ?? null };
  }

  async text(): Promise<string> {
    return typeof this.body === 'string' ? this.body : new TextDecoder().decode(this.body);
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return typeof this.body === 'string' ? (new TextEncoder().encode(this.body).buffer as ArrayBuffer) : this.body;
  }
}
