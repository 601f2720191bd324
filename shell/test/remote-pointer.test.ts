/**
 * @jest-environment node
 *
 * The edge serves the deploy store's environment pointer over the working builds and sees a
 * promotion or a rollback at once (no restart, no rebuild); `deploy:` entries resolve against the deploy origin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRemoteMapReader } from '../server/edge.mjs';

const working = {
  'mf-header': 'http://localhost:3001/mf-header/1.0.0/mf-manifest.json',
  'mf-search': 'http://localhost:3002/mf-search/1.0.0/mf-manifest.json',
};
let dir: string;
let pointer: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pointer-'));
  pointer = path.join(dir, 'remotes.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the pointer with a distinct mtime (the reader re-reads on a change of mtime or size). */
function writePointer(map: Record<string, string>, at: number) {
  fs.writeFileSync(pointer, JSON.stringify(map));
  fs.utimesSync(pointer, at, at);
}

describe('createRemoteMapReader', () => {
  it('serves the working builds while the environment has no pointer', () => {
    const read = createRemoteMapReader({ remotes: working, remotesPointer: pointer, deployOrigin: 'http://localhost:4600' });
    expect(read()).toEqual(working);
  });

  it('overlays the pointer, resolving deploy: entries, and follows a promotion and a rollback', () => {
    const read = createRemoteMapReader({ remotes: working, remotesPointer: pointer, deployOrigin: 'http://localhost:4600' });
    writePointer({ 'mf-search': 'deploy:/mf-search/1.1.0/mf-manifest.json' }, 1_000);
    expect(read()).toEqual({ ...working, 'mf-search': 'http://localhost:4600/mf-search/1.1.0/mf-manifest.json' });
    writePointer({ 'mf-search': 'deploy:/mf-search/1.0.9/mf-manifest.json' }, 2_000);
    expect(read()['mf-search']).toBe('http://localhost:4600/mf-search/1.0.9/mf-manifest.json');
    expect(read()['mf-header']).toBe(working['mf-header']);
  });

  it('keeps a pinned absolute URL and keeps the last good map when the pointer is unreadable', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = createRemoteMapReader({ remotes: working, remotesPointer: pointer, deployOrigin: 'http://localhost:4600' });
    writePointer({ 'mf-search': 'http://pinned.test/mf-search/0.9.0/mf-manifest.json' }, 1_000);
    expect(read()['mf-search']).toBe('http://pinned.test/mf-search/0.9.0/mf-manifest.json');
    fs.writeFileSync(pointer, '{ half a map');
    fs.utimesSync(pointer, 3_000, 3_000);
    expect(read()['mf-search']).toBe('http://pinned.test/mf-search/0.9.0/mf-manifest.json');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unreadable'));
    warn.mockRestore();
  });

  it("serves the manifest pins beside the pointer ($integrity) resolved, for the manifests the map names only", () => {
    const read = createRemoteMapReader({ remotes: working, remotesPointer: pointer, deployOrigin: 'http://localhost:4600' });
    fs.writeFileSync(path.join(dir, 'remotes.integrity.json'), JSON.stringify({
      'deploy:/mf-search/1.1.0/mf-manifest.json': 'sha384-new', 'deploy:/mf-search/1.0.0/mf-manifest.json': 'sha384-old',
    }));
    writePointer({ 'mf-search': 'deploy:/mf-search/1.1.0/mf-manifest.json' }, 1_000);
    expect(read()).toEqual({
      ...working,
      'mf-search': 'http://localhost:4600/mf-search/1.1.0/mf-manifest.json',
      $integrity: { 'http://localhost:4600/mf-search/1.1.0/mf-manifest.json': 'sha384-new' },
    });
  });
});
