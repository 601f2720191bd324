/** The catalogue's slug rule (kit `slug`), shared by the seed generator and the remotes. */
import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Dairy & Eggs', 'dairy-eggs'],
    ['Bread & Rolls', 'bread-rolls'],
    ["St. John's Co-op", 'st-johns-co-op'],
    ['Crème brûlée', 'creme-brulee'],
    ['  --Salted Butter--  ', 'salted-butter'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
