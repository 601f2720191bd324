/**
 * webpack loader for the side-effect CSS imports of every build (`import './header.css'`): the module
 * adds the file's CSS, minified by clean-css, as one `<style>` in `<head>` when it first runs,
 * through ./inject-style.js. It replaces style-loader + css-loader, whose runtime (~2 KB gzip) every
 * remote carried into its start-up chunks (first-load JS). No CSS Modules, `@import` or `url()`: the
 * build fails on the first two, so a file that needs them is noticed (the repo has none).
 */
const path = require('path');
const CleanCSS = require('clean-css');

const minifier = new CleanCSS({ level: 1, inline: false });

/** `css` minified by clean-css (level 1: comments and whitespace out, quoted text kept as written). */
function minifyCss(css) {
  return minifier.minify(css).styles;
}

const INJECT = path.join(__dirname, 'inject-style.js');

module.exports = function cssInjectLoader(source) {
  if (/@import\b/.test(source)) throw new Error(`${this.resourcePath}: @import is not supported by the preset's CSS loader; import the file from the component instead`);
  if (/\burl\(/.test(source)) throw new Error(`${this.resourcePath}: url() is not supported by the preset's CSS loader`);
  return `import injectStyle from ${JSON.stringify(INJECT)};\ninjectStyle(${JSON.stringify(minifyCss(source))});\n`;
};
module.exports.minifyCss = minifyCss;
