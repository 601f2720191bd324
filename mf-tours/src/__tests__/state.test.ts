/**
 * mf-tours' rules (spec §4 Guided tours, §9): which page has which tour, completion in local storage,
 * the guide content's shape, and which steps are shown (visible targets; mobile-hidden ones skipped
 * under 1024 px; up to 10 tries every 500 ms).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fetchGuideContent } from '../api/guides';
import { guideFor, parseGuideContent, type GuideStep } from '../state/guides';
import { tourPageFor, TOUR_PAGES } from '../state/pages';
import { completedTours, finishTour, mayStart, COMPLETED_KEY, START_BY_GUIDE_KEY } from '../state/storage';
import { findVisibleSteps } from '../state/targets';

describe('tourPageFor (spec §2 Guided tours)', () => {
  it.each([
    ['/', '', 'welcome'],
    ['/', '?query=milk&tab=product', 'search'],
    ['/flyer', '?set_preferred_store_number=42', 'flyer'],
    ['/offers', '', 'offers'],
    ['/products/2-milk-4l', '', 'product'],
    ['/recipes', '', 'recipes'],
    ['/recipes/lemon-chicken', '', 'recipeDetail'],
    ['/recipes/my-recipe-lists', '', 'recipeList'],
    ['/recipes/meal-plan', '', 'mealPlan'],
    ['/shopping-list', '', 'manageListFilter'],
    ['/products/category/dairy', '', null],
    ['/store-locator', '', null],
    ['/recipes/a/b', '', null],
  ])('%s%s → %s', (pathname, search, page) => {
    expect(tourPageFor({ pathname, search })).toBe(page);
  });
});

describe('completed_tours and tourStartByGuidePage (spec §4, §9)', () => {
  beforeEach(() => localStorage.clear());

  it('a completed tour does not start again; finishing records it once and removes tourStartByGuidePage', () => {
    expect(mayStart('welcome')).toBe(true);
    localStorage.setItem(START_BY_GUIDE_KEY, 'welcome');
    finishTour('welcome');
    finishTour('welcome');
    expect(JSON.parse(localStorage.getItem(COMPLETED_KEY)!)).toEqual(['welcome']);
    expect(localStorage.getItem(START_BY_GUIDE_KEY)).toBeNull();
    expect(mayStart('welcome')).toBe(false);
    expect(mayStart('offers')).toBe(true);
  });

  it('tourStartByGuidePage replays a completed tour of that page; junk in storage is ignored', () => {
    localStorage.setItem(COMPLETED_KEY, JSON.stringify(['welcome', 'nope', 3]));
    expect(completedTours()).toEqual(['welcome']);
    localStorage.setItem(START_BY_GUIDE_KEY, 'welcome');
    expect(mayStart('welcome')).toBe(true);
    localStorage.setItem(COMPLETED_KEY, '{broken');
    expect(completedTours()).toEqual([]);
  });
});

describe('guide content (spec §3 Guide text content)', () => {
  const seed = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../services/seed/data/content/guides.json'), 'utf8'));

  it('the seed has one active guide per tour page, every step valid, and the five button texts', () => {
    const content = parseGuideContent(seed);
    expect(content.guides.map((g) => g.page).sort()).toEqual([...TOUR_PAGES].sort());
    for (const g of content.guides) expect(g.steps.length).toBe(seed.guides.find((s: { page: string }) => s.page === g.page).steps.length);
    expect(Object.keys(content.buttons).sort()).toEqual(['close', 'next', 'prev', 'skip', 'start']);
    expect(guideFor(content, 'welcome')!.steps.some((s) => s.hideOnMobile)).toBe(true);
  });

  it('drops steps without content or with a selector the browser refuses, inactive guides are not used, buttons default', () => {
    const content = parseGuideContent({
      guides: [
        { page: 'offers', isActive: true, steps: [{ target: '#ok', content: 'Fine' }, { target: '##bad((', content: 'x' }, { target: '#x', content: '  ' }] },
        { page: 'flyer', isActive: false, steps: [{ target: '#a', content: 'A' }] },
        { page: 'unknown', isActive: true, steps: [{ target: '#a', content: 'A' }] },
      ],
    });
    expect(guideFor(content, 'offers')!.steps).toEqual([{ target: '#ok', content: 'Fine' }]);
    expect(guideFor(content, 'flyer')).toBeNull();
    expect(content.buttons.skip).toBe('Skip tour');
    expect(() => parseGuideContent({ nope: 1 })).toThrow('guide content is not an object with guides');
  });

  it('fetches GET <apiBase>/content/guides and fails on a non-2xx answer', async () => {
    const real = global.fetch;
    try {
      global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ data: seed }) }) as Response);
      expect((await fetchGuideContent('/api')).guides).toHaveLength(10);
      expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/content/guides');
      global.fetch = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) }) as Response);
      await expect(fetchGuideContent('/api')).rejects.toThrow('HTTP 404');
    } finally {
      global.fetch = real;
    }
  });
});

describe('findVisibleSteps (spec §4: visible targets only, 10 tries every 500 ms, mobile-hidden skipped under 1024 px)', () => {
  const steps: GuideStep[] = [
    { target: '#a', content: 'A' },
    { target: '#nav', content: 'Nav', hideOnMobile: true },
    { target: '#late', content: 'Late' },
    { target: '#never', content: 'Never' },
  ];
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps visible targets in order, waits for a late one, gives up on a missing one after the 10th try (4.5 s)', async () => {
    const shown = new Set(['#a', '#nav']);
    const query = jest.fn((s: string) => ({ s }) as unknown as Element);
    const visible = (el: Element | null) => shown.has((el as unknown as { s: string }).s);
    let result: GuideStep[] | null = null;
    void findVisibleSteps(steps, { width: 1280, query, visible }).then((r) => (result = r));
    await jest.advanceTimersByTimeAsync(1000);
    shown.add('#late');
    await jest.advanceTimersByTimeAsync(3000);
    expect(result).toBeNull();
    await jest.advanceTimersByTimeAsync(500);
    expect(result!.map((s) => s.target)).toEqual(['#a', '#nav', '#late']);
    expect(query.mock.calls.filter(([s]) => s === '#never')).toHaveLength(10);
  });

  it('at 390 px the mobile-hidden step is skipped without looking for it; all found → answers at once', async () => {
    const query = jest.fn((s: string) => ({ s }) as unknown as Element);
    const r = await findVisibleSteps(steps.slice(0, 3), { width: 390, query, visible: () => true });
    expect(r.map((s) => s.target)).toEqual(['#a', '#late']);
    expect(query).not.toHaveBeenCalledWith('#nav');
  });
});
