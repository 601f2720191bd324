import { clearLinkOffers, LINK_CACHE_MS, LINK_STORAGE_KEY, readLinkOffers, saveLinkOffers } from './linkStorage';
import { lenaData } from '../test-utils';

const HASH = 'mc1hXipzEPjUP_tOqbh95j_i4Z16Rd75dsHV0tNFzwM';

describe('offers link storage (spec §6: offers under a session key)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the offers of one link in sessionStorage', () => {
    const data = lenaData();
    saveLinkOffers(HASH, data, 1000);
    expect(JSON.parse(sessionStorage.getItem(LINK_STORAGE_KEY)!)).toMatchObject({ v: 1, hash: HASH, savedAt: 1000 });
    expect(readLinkOffers(HASH, 2000)).toEqual(data);
    expect(localStorage.getItem(LINK_STORAGE_KEY)).toBeNull();
  });

  it('another hash, an old entry or a bad entry is not used', () => {
    saveLinkOffers(HASH, lenaData(), 1000);
    expect(readLinkOffers('x'.repeat(43), 2000)).toBeNull();
    expect(readLinkOffers(HASH, 1000 + LINK_CACHE_MS + 1)).toBeNull();
    expect(readLinkOffers(HASH, 500)).toBeNull();
    sessionStorage.setItem(LINK_STORAGE_KEY, '{not json');
    expect(readLinkOffers(HASH)).toBeNull();
    sessionStorage.setItem(LINK_STORAGE_KEY, JSON.stringify({ v: 2, hash: HASH, savedAt: Date.now(), data: {} }));
    expect(readLinkOffers(HASH)).toBeNull();
  });

  it('clear forgets it; blocked storage is ignored', () => {
    saveLinkOffers(HASH, lenaData());
    clearLinkOffers();
    expect(readLinkOffers(HASH)).toBeNull();
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new Error('QuotaExceededError'); });
    expect(() => saveLinkOffers(HASH, lenaData())).not.toThrow();
    spy.mockRestore();
  });
});
