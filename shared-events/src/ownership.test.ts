/**
 * State ownership (README "State ownership"): each state stream has one owner, the only part of the
 * page that publishes the event writing it. This scans the sources of the shell and every remote
 * (tests, test helpers `test-utils.*` / `testing.*`, and a remote's standalone `src/bootstrap.tsx` excepted) for publications of those events.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative, resolve } from 'path';

const ROOT = resolve(__dirname, '../..');
const README = readFileSync(resolve(__dirname, '../README.md'), 'utf8');

/** Event writing a state stream → the one workspace allowed to publish it. */
const OWNERS = {
  'session/changed': { stream: 'bus.state.session', owner: 'shell' },
  'store/changed': { stream: 'bus.state.store', owner: 'mf-store-selector' },
  'list/count-changed': { stream: 'bus.state.listCount', owner: 'mf-shopping-list' },
} as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'node_modules' ? [] : sourceFiles(path);
    // Test helpers sit beside the code now (no `__tests__/`): fakes there may publish anything.
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|^test-utils\.|^testing\./.test(name) ? [path] : [];
  });
}

const workspaces = ['shell', ...readdirSync(ROOT).filter((d) => d.startsWith('mf-')).sort()]
  .filter((w) => statSync(join(ROOT, w, 'src'), { throwIfNoEntry: false })?.isDirectory());

/** The code of a file without its comments (docs may name the events and streams). */
const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Standalone mode of a remote stands in for the owners (not loaded on the composed page). */
const isStandalone = (workspace: string, file: string) => workspace !== 'shell' && relative(join(ROOT, workspace, 'src'), file) === 'bootstrap.tsx';

/** Workspaces (and files) that publish `type`: `emit('type', …)` or `publish({ type: 'type', … })`. */
function publishersOf(type: string): Record<string, string[]> {
  const pattern = new RegExp(`(?:emit\\(\\s*|type:\\s*)['"\`]${type.replace('/', '\\/')}['"\`]`);
  const found: Record<string, string[]> = {};
  for (const w of workspaces) {
    for (const file of sourceFiles(join(ROOT, w, 'src'))) {
      if (isStandalone(w, file) || !pattern.test(code(file))) continue;
      (found[w] ??= []).push(relative(ROOT, file));
    }
  }
  return found;
}

describe('state ownership: one owner per state stream', () => {
  it('scans the shell and the remotes', () => {
    expect(workspaces).toEqual(expect.arrayContaining(['shell', 'mf-header', 'mf-search', 'mf-store-selector', 'mf-loyalty']));
  });

  it.each(Object.entries(OWNERS))('%s (%p) is published by its owner only', (type, { owner }) => {
    const publishers = publishersOf(type);
    expect(Object.keys(publishers)).toEqual([owner]);
  });

  it('only mf-store-selector publishes the preferred store; the shell does not follow it into the session', () => {
    const shellSession = sourceFiles(join(ROOT, 'shell', 'src', 'session')).map(code).join('\n');
    expect(shellSession).not.toMatch(/on\(\s*['"]store\/changed['"]/);
    expect(shellSession).not.toMatch(/state\.store\.value|state\.store\.subscribe/);
  });

  it('no remote but mf-store-selector reads session.product.storeId', () => {
    const readers = workspaces.filter((w) => w !== 'mf-store-selector' && w !== 'shell' && sourceFiles(join(ROOT, w, 'src'))
      .some((f) => !isStandalone(w, f) && /product\??\.storeId\b/.test(code(f))));
    expect(readers).toEqual([]);
  });

  it.each(Object.values(OWNERS))('the README table names the owner of $stream', ({ stream, owner }) => {
    const row = README.split('\n').find((line) => line.startsWith(`| \`${stream}\` |`));
    expect(row).toBeDefined();
    expect(row!.split('|')[3]).toContain(owner);
  });
});
