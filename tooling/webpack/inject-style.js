/**
 * Adds `css` as a `<style>` at the end of `<head>` (./css-inject-loader.js), with the page's CSP nonce
 * (`__webpack_nonce__`, set by the preset's CspNoncePlugin from `<meta name="csp-nonce">`).
 * @param {string} css
 */
export default function injectStyle(css) {
  if (typeof document === 'undefined') return;
  var style = document.createElement('style');
  if (typeof __webpack_nonce__ !== 'undefined' && __webpack_nonce__) style.setAttribute('nonce', __webpack_nonce__);
  style.textContent = css;
  document.head.appendChild(style);
}
