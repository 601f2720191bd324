/**
 * The kit's subpath entries (`/page-fallback`, `/standalone`, `/dialog`, …) are bundled into each remote,
 * while the root is one shared singleton. An entry that reached the root's stateful modules by a relative
 * path would carry a second copy of them into the remote — a second RemoteContext, so `useRemote()` in
 * the remote's components (which read the shared root) would throw. They must import them from
 * '@storefront/remote-kit'.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const ROOT_ONLY = ['providers', 'lifecycles', 'location', 'query', 'lazyPart'].map((m) => path.join(__dirname, m));
const exportsMap = (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;

/** Every source file an entry reaches through relative imports. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const base = path.resolve(path.dirname(file), spec);
    const next = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
    if (next) reach(next, seen);
  }
  return seen;
}

const entries = Object.entries(exportsMap)
  .filter(([key, file]) => key !== '.' && /\.tsx?$/.test(file) && !/testing/.test(key))
  .map(([key, file]) => [key, path.join(__dirname, '..', file)] as const);

describe('kit entries bundled into remotes', () => {
  it.each(entries)('%s reaches none of the root\'s stateful modules by a relative path', (_key, file) => {
    const reached = [...reach(file)].map((f) => f.replace(/\.(tsx?)$/, ''));
    expect(reached.filter((f) => ROOT_ONLY.includes(f)).map((f) => path.relative(__dirname, f))).toEqual([]);
  });
});
