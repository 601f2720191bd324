/**
 * Issue 12: the edge writes the remote map and RuntimeConfig into the page (shell/server/startup-hints.mjs)
 * so the shell starts without fetching /remotes.json and /config.json; anything unreadable falls back to fetching.
 */
import { readStartupData } from '../startup-data';

const page = (inner: string) => {
  const doc = document.implementation.createHTMLDocument('t');
  doc.body.innerHTML = inner;
  return doc;
};

describe('readStartupData (issue 12: start-up without two round trips)', () => {
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
