import { isCurrentPath } from './navLinks';

describe('isCurrentPath', () => {
  it('matches the page and pages under it only', () => {
    expect(isCurrentPath('/recipes', '/recipes')).toBe(true);
    expect(isCurrentPath('/recipes', '/recipes/pea-soup')).toBe(true);
    expect(isCurrentPath('/recipes', '/recipes-old')).toBe(false);
    expect(isCurrentPath('/offers', '/')).toBe(false);
    expect(isCurrentPath('/', '/flyer')).toBe(false);
  });
});
