/** The demo ad creative: an SVG of the slot's size (px) with the word 'Advertisement' and a fixed demo text. */
export function adSvg(width: number, height: number): string {
  const fs = Math.max(10, Math.min(28, Math.round(height / 4)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="100%" height="100%" fill="#fef3c7"/>`
    + `<text x="8" y="${fs + 4}" font-family="sans-serif" font-size="${Math.max(9, Math.round(fs / 2))}" fill="#92400e">Advertisement</text>`
    + `<text x="50%" y="60%" text-anchor="middle" font-family="sans-serif" font-size="${fs}" fill="#78350f">Fresh deals this week (demo ad)</text>`
    + `</svg>`;
}
