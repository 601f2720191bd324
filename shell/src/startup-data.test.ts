/**
 * The edge writes the remote map and RuntimeConfig into the page (shell/server/startup-hints.mjs)
 * so the shell starts without fetching /remotes.json and /config.json; anything unreadable falls back to fetching.
 */
import { readStartupData, readStartupManifests } from './startup-data';

const page = (inner: string) => {
  const doc = document.implementation.createHTMLDocument('t');
  doc.body.innerHTML = inner;
  return doc;
};

describe('readStartupData (start-up without two round trips)', () => {
  it('reads the remote map and config the edge wrote', () => {
    const doc = page('<script type="application/json" id="shell-startup">{"remotes":{"mf-header":"http://h/m.json"},"config":{"apiBase":"/api"}}</script>');
    expect(readStartupData(doc)).toEqual({ remotes: { 'mf-header': 'http://h/m.json' }, config: { apiBase: '/api' } });
  });

  it.each([
    ['no data block', ''],
    ['broken JSON', '<script type="application/json" id="shell-startup">{"remotes":</script>'],
    ['no config', '<script type="application/json" id="shell-startup">{"remotes":{}}</script>'],
  ])('answers null (the shell fetches instead) with %s', (_label, html) => {
    expect(readStartupData(page(html))).toBeNull();
  });
});

describe('the data block is parsed once per page', () => {
  it('serves the remote map, the config and the manifests from one parse', () => {
    const doc = page('<script type="application/json" id="shell-startup">{"remotes":{},"config":{},"manifests":{"http://h/m.json":{"id":"h"}}}</script>');
    const parse = jest.spyOn(JSON, 'parse');
    expect(readStartupData(doc)).toEqual({ remotes: {}, config: {} });
    expect(readStartupManifests(doc)).toEqual(new Map([['http://h/m.json', { id: 'h' }]]));
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });
});
