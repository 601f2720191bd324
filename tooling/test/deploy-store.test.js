/**
 * The deploy store: immutable versions, one mutable pointer per environment replaced
 * atomically, promotion recorded, rollback restores the previous version (and a second rollback the one before).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const store = require('../deploy/store.mjs');

let dir;
let build;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
  build = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
  fs.writeFileSync(path.join(build, 'mf-manifest.json'), '{"id":"mf_search"}');
  fs.writeFileSync(path.join(build, 'remoteEntry.js'), 'var mf_search;');
});
afterEach(() => { fs.rmSync(dir, { recursive: true, force: true }); fs.rmSync(build, { recursive: true, force: true }); });

const url = (v) => `http://deploy.test/mf-search/${v}/mf-manifest.json`;

describe('deploy store', () => {
  it('publishes a version once and refuses to overwrite it', () => {
    store.publishVersion(dir, 'mf-search', '1.1.0', build);
    expect(fs.readFileSync(path.join(dir, 'mf-search', '1.1.0', 'remoteEntry.js'), 'utf8')).toBe('var mf_search;');
    expect(store.publishedVersions(dir, 'mf-search')).toEqual(['1.1.0']);
    expect(() => store.publishVersion(dir, 'mf-search', '1.1.0', build)).toThrow(/already published: published versions are immutable/);
  });

  it('refuses a build without a manifest and names that are not a remote or a version', () => {
    fs.rmSync(path.join(build, 'mf-manifest.json'));
    expect(() => store.publishVersion(dir, 'mf-search', '1.1.0', build)).toThrow(/no mf-manifest.json/);
    expect(() => store.publishVersion(dir, '../etc', '1.1.0', build)).toThrow(/not a remote name/);
    expect(() => store.publishVersion(dir, 'mf-search', '1.1', build)).toThrow(/not a version/);
  });

  it('promotes by replacing the pointer, records the previous URL, and rolls back to it', () => {
    store.promote(dir, 'local', 'mf-search', url('1.0.0'), { base: { 'mf-header': 'http://h/m.json' } });
    expect(store.promote(dir, 'local', 'mf-search', url('1.1.0'))).toEqual({ from: url('1.0.0'), to: url('1.1.0') });
    expect(store.readPointer(dir, 'local')).toEqual({ 'mf-header': 'http://h/m.json', 'mf-search': url('1.1.0') });
    expect(store.rollback(dir, 'local', 'mf-search')).toEqual({ from: url('1.1.0'), to: url('1.0.0') });
    expect(store.readPointer(dir, 'local')['mf-search']).toBe(url('1.0.0'));
    expect(store.readHistory(dir, 'local').map((h) => h.action)).toEqual(['promote', 'promote', 'rollback']);
    // before its first promotion mf-search was not in the pointer: it goes back to its own server
    expect(store.rollback(dir, 'local', 'mf-search')).toEqual({ from: url('1.0.0'), to: null });
    expect(store.readPointer(dir, 'local')).toEqual({ 'mf-header': 'http://h/m.json' });
    expect(() => store.rollback(dir, 'local', 'mf-search')).toThrow(/does not point at mf-search/);
    expect(fs.readdirSync(path.dirname(store.pointerFile(dir, 'local'))).sort()).toEqual(['history.json', 'remotes.integrity.json', 'remotes.json']);
  });

  it('a rollback after three promotions steps back one release at a time', () => {
    store.promote(dir, 'prod', 'mf-search', url('1.0.0'));
    store.promote(dir, 'prod', 'mf-search', url('1.1.0'));
    store.promote(dir, 'prod', 'mf-search', url('1.2.0'));
    expect(store.rollback(dir, 'prod', 'mf-search').to).toBe(url('1.1.0'));
    expect(store.rollback(dir, 'prod', 'mf-search').to).toBe(url('1.0.0'));
  });

  it('keeps environments apart', () => {
    store.promote(dir, 'staging', 'mf-search', url('1.1.0'));
    expect(store.readPointer(dir, 'prod')).toBeNull();
    expect(() => store.rollback(dir, 'prod', 'mf-search')).toThrow(/does not point at mf-search/);
  });

  it('seals a published version: every file hashed (sha384, SRI format) in the manifest and integrity.json', () => {
    fs.mkdirSync(path.join(build, 'sub'));
    fs.writeFileSync(path.join(build, 'sub', '1.abc.js'), 'chunk');
    store.publishVersion(dir, 'mf-search', '1.1.0', build);
    const at = path.join(dir, 'mf-search', '1.1.0');
    const sri = (f) => `sha384-${require('node:crypto').createHash('sha384').update(fs.readFileSync(path.join(at, f))).digest('base64')}`;
    const manifest = JSON.parse(fs.readFileSync(path.join(at, 'mf-manifest.json'), 'utf8'));
    expect(manifest).toEqual({ id: 'mf_search', integrity: { 'remoteEntry.js': sri('remoteEntry.js'), 'sub/1.abc.js': sri('sub/1.abc.js') } });
    expect(manifest.integrity['remoteEntry.js']).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const list = JSON.parse(fs.readFileSync(path.join(at, 'integrity.json'), 'utf8'));
    expect(list).toEqual({ 'mf-manifest.json': sri('mf-manifest.json'), ...manifest.integrity });
    expect(store.manifestIntegrity(dir, 'mf-search', '1.1.0')).toBe(sri('mf-manifest.json'));
    // the working build is left as it was
    expect(fs.readFileSync(path.join(build, 'mf-manifest.json'), 'utf8')).toBe('{"id":"mf_search"}');
  });

  it('pins the promoted manifest hash beside the pointer and keeps the pins a rollback can return to', () => {
    store.promote(dir, 'local', 'mf-search', url('1.0.0'), { integrity: 'sha384-one' });
    store.promote(dir, 'local', 'mf-search', url('1.1.0'), { integrity: 'sha384-two' });
    // the pointer stays a plain map; the pins are in remotes.integrity.json
    expect(store.readPointer(dir, 'local')).toEqual({ 'mf-search': url('1.1.0') });
    expect(store.pinsFileOf(store.pointerFile(dir, 'local'))).toBe(path.join(path.dirname(store.pointerFile(dir, 'local')), 'remotes.integrity.json'));
    expect(store.readPins(dir, 'local')).toEqual({ [url('1.0.0')]: 'sha384-one', [url('1.1.0')]: 'sha384-two' });
    store.rollback(dir, 'local', 'mf-search');
    expect(store.readPointer(dir, 'local')).toEqual({ 'mf-search': url('1.0.0') });
    expect(store.readPins(dir, 'local')[url('1.0.0')]).toBe('sha384-one');
  });
});
