/** The guide content's shape (spec §3 Guide text content). */
import fs from 'node:fs';
import path from 'node:path';
import { guideFor, parseGuideContent } from './guides';
import { TOUR_PAGES } from './pages';

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
});
