/**
 * Item images, generated on the fly: a tile in the category's colour with the product's initial
 * (no binary files in the repo; the seed has no product photos).
 */

/** Background and accent per catalogue category. */
const CATEGORY_COLOURS: Record<string, { bg: string; fg: string }> = {
  'Fruits & Vegetables': { bg: '#e3f4d7', fg: '#2f7a1f' },
  'Meat & Seafood': { bg: '#fbe0dc', fg: '#a3261b' },
  'Dairy & Eggs': { bg: '#e2eefb', fg: '#1f5a99' },
  Deli: { bg: '#fdebd3', fg: '#9a4d00' },
  Bakery: { bg: '#f6e7d3', fg: '#7a4a17' },
  Pantry: { bg: '#efe6f7', fg: '#5b3588' },
  Breakfast: { bg: '#fff3c4', fg: '#7a5b00' },
  Frozen: { bg: '#dff3f6', fg: '#11616f' },
  Beverages: { bg: '#dcefee', fg: '#1d6b66' },
  'Snacks & Candy': { bg: '#fde2ef', fg: '#a01f5e' },
};
const FALLBACK = { bg: '#ececec', fg: '#444444' };

/** Size of the SVG's viewBox (and of the <img width height> on the flyer page): 4:3. */
export const IMAGE_WIDTH = 240;
export const IMAGE_HEIGHT = 180;

const xml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** The letter on the tile: the name's first letter after the store brand ('Harbour Pantry Oats' → 'O'). */
export function initialOf(name: string): string {
  const plain = name.replace(/^(Harbour Pantry|Co-op Gold)\s+/, '');
  const m = /\p{L}|\p{N}/u.exec(plain);
  return m ? m[0].toUpperCase() : '?';
}

/** The SVG document of an item's image. */
export function itemSvg(name: string, category: string): string {
  const { bg, fg } = CATEGORY_COLOURS[category] ?? FALLBACK;
  const w = IMAGE_WIDTH;
  const h = IMAGE_HEIGHT;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${xml(name)}">`,
    `<rect width="${w}" height="${h}" fill="${bg}"/>`,
    `<circle cx="${w / 2}" cy="${h / 2 - 12}" r="54" fill="${fg}"/>`,
    `<text x="${w / 2}" y="${h / 2 + 10}" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-size="62" font-weight="700" fill="#ffffff">${xml(initialOf(name))}</text>`,
    `<text x="${w / 2}" y="${h - 18}" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-size="15" font-weight="600" fill="${fg}">${xml(category)}</text>`,
    '</svg>',
  ].join('');
}
