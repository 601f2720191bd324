/**
 * The catalogue's slugs (`@storefront/remote-kit/slug`): the seed generator writes them
 * (services/seed: category, product, recipe and store slugs) and the remotes build links from names
 * with the same rule (mf-search's /products tree), so both sides must use this one function.
 */

/**
 * Lower-case kebab-case slug: accents dropped, apostrophes removed, every other run of non-alphanumerics
 * one '-', no leading or trailing '-'.
 * @example slugify('Dairy & Eggs') === 'dairy-eggs'
 * @example slugify("St. John's Co-op") === 'st-johns-co-op'
 */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
