import { fetchCurrentPublication, NoPublicationError } from './publications';
import { answer, fakePublicationsApi, publication, PROVIDER } from '../test-utils';

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; jest.useRealTimers(); });
const args = { origin: PROVIDER, merchant: 'harbour-market', storeCode: '3299' };

describe('the current publication (contract §2)', () => {
  it('asks the provider for the store and takes the first (current) publication', async () => {
    const current = publication('3299');
    const fetchMock = fakePublicationsApi({ publications: { '3299': [current, publication('3299', { id: 'next-week' })] } });
    await expect(fetchCurrentPublication(args)).resolves.toEqual(current);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${PROVIDER}/api/publications?merchant=harbour-market&storeCode=3299`);
    expect(init.credentials).toBe('omit');
  });

  it('no publication: 404 (unknown store) or an empty list', async () => {
    fakePublicationsApi({ publications: { '3299': [] } });
    await expect(fetchCurrentPublication(args)).rejects.toBeInstanceOf(NoPublicationError);
    await expect(fetchCurrentPublication({ ...args, storeCode: '0001' })).rejects.toBeInstanceOf(NoPublicationError);
  });

  it('fails on other errors and bad answers', async () => {
    fakePublicationsApi({ fail: 503 });
    await expect(fetchCurrentPublication(args)).rejects.toThrow('publications: HTTP 503');
    fakePublicationsApi({ fail: 'network' });
    await expect(fetchCurrentPublication(args)).rejects.toThrow('Failed to fetch');
    globalThis.fetch = jest.fn(() => answer({ items: [] })) as unknown as typeof fetch;
    await expect(fetchCurrentPublication(args)).rejects.toThrow('publications: bad answer');
    globalThis.fetch = jest.fn(() => answer({ publications: [{ id: 7 }] })) as unknown as typeof fetch;
    await expect(fetchCurrentPublication(args)).rejects.toThrow('publications: bad answer');
  });

  it('gives up after 10 s', async () => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })) as unknown as typeof fetch;
    const p = fetchCurrentPublication(args);
    jest.advanceTimersByTime(10_000);
    await expect(p).rejects.toThrow('publications: timed out');
  });

  it("follows the caller's abort signal", async () => {
    globalThis.fetch = jest.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })) as unknown as typeof fetch;
    const controller = new AbortController();
    const p = fetchCurrentPublication(args, controller.signal);
    controller.abort();
    await expect(p).rejects.toThrow('aborted');
  });
});
