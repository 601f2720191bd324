import { loadFlyerStorefront, readFlyerStorefront, resetFlyerScriptForTests } from './providerScript';
import { SCRIPT_URL } from '../test-utils';

const tags = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-flyer-provider]'));
const defineApi = () => { window.FlyerStorefront = { version: 1, create: jest.fn() }; };

afterEach(() => {
  resetFlyerScriptForTests();
  delete window.FlyerStorefront;
  jest.useRealTimers();
});

describe('the provider script (contract §1), once per page', () => {
  it('adds one script tag for the provider URL, whoever asks, and resolves with FlyerStorefront once it ran', async () => {
    const a = loadFlyerStorefront(SCRIPT_URL);
    const b = loadFlyerStorefront(SCRIPT_URL);
    expect(tags()).toHaveLength(1);
    expect(tags()[0].src).toBe(SCRIPT_URL);
    expect(tags()[0].async).toBe(true);
    defineApi();
    tags()[0].dispatchEvent(new Event('load'));
    await expect(a).resolves.toBe(window.FlyerStorefront);
    await expect(b).resolves.toBe(window.FlyerStorefront);
    // Later mounts use what is on the page: no second tag.
    await expect(loadFlyerStorefront(SCRIPT_URL)).resolves.toBe(window.FlyerStorefront);
    expect(tags()).toHaveLength(1);
  });

  it('uses a FlyerStorefront already on the page without a tag', async () => {
    defineApi();
    await expect(loadFlyerStorefront(SCRIPT_URL)).resolves.toBe(window.FlyerStorefront);
    expect(tags()).toHaveLength(0);
  });

  it('rejects when the script fails, removes its tag, and loads it again on the next try', async () => {
    const first = loadFlyerStorefront(SCRIPT_URL);
    tags()[0].dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('flyer script failed to load');
    expect(tags()).toHaveLength(0);
    const second = loadFlyerStorefront(SCRIPT_URL);
    expect(tags()).toHaveLength(1);
    defineApi();
    tags()[0].dispatchEvent(new Event('load'));
    await expect(second).resolves.toBeDefined();
  });

  it('rejects after 10 s without an answer', async () => {
    jest.useFakeTimers();
    const p = loadFlyerStorefront(SCRIPT_URL);
    const settled = jest.fn();
    p.catch(settled);
    jest.advanceTimersByTime(9_999);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await expect(p).rejects.toThrow('flyer script timed out');
    expect(tags()).toHaveLength(0);
  });

  it('rejects when the script ran but defined no FlyerStorefront version 1', async () => {
    const p = loadFlyerStorefront(SCRIPT_URL);
    (window as unknown as { FlyerStorefront: unknown }).FlyerStorefront = { version: 2, create: () => null };
    tags()[0].dispatchEvent(new Event('load'));
    await expect(p).rejects.toThrow('flyer script defined no FlyerStorefront version 1');
  });

  it('readFlyerStorefront accepts only version 1 with a create function', () => {
    (window as unknown as { FlyerStorefront: unknown }).FlyerStorefront = { version: 1 };
    expect(readFlyerStorefront()).toBeNull();
    (window as unknown as { FlyerStorefront: unknown }).FlyerStorefront = 'x';
    expect(readFlyerStorefront()).toBeNull();
    defineApi();
    expect(readFlyerStorefront()).toBe(window.FlyerStorefront);
  });
});
