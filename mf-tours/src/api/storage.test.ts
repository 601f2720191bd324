/** Tour completion in local storage (spec §4 Guided tours, §9 Storage keys). */
import { completedTours, finishTour, mayStart, COMPLETED_KEY, START_BY_GUIDE_KEY } from './storage';

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
