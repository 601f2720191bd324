/**
 * The script of the add-card screen set (served inline with its CSP hash). Plain ES5 in a string: it runs
 * in the frame as written, with no build step. `__ALLOWED__` is replaced by the JSON array of the
 * storefront origins allowed to embed the screen set and talk to it.
 *
 * Contract (the way hosted screen sets talk to their host page):
 * - parent → frame `{ type: 'screenset/init', focus }`: the frame focuses its field when `focus` is true
 *   (the parent's dialog put focus on the frame) and answers `{ type: 'screenset/ready', height }`
 *   (px, the document's height) to that origin, and again whenever its height changes (an error shows);
 * - frame → parent `{ type: 'screenset/submit', cardNumber }` (16 digits, validated here) and
 *   `{ type: 'screenset/cancel' }` ('Cancel' or Escape);
 * - parent → frame `{ type: 'screenset/result', ok, message }`: ok → a confirmation; not ok → `message`
 *   as the field's error.
 * Messages from any origin not in `__ALLOWED__`, or not from the parent window, are ignored.
 */
export const ADD_CARD_SCRIPT_TEMPLATE = `(function () {
  'use strict';
  var ALLOWED = __ALLOWED__;
  var EMPTY = 'Enter your Scene+ card number.';
  var WRONG = 'Enter the 16-digit Scene+ card number that starts with 6046. Use digits only; spaces are fine.';
  var FAILED = 'Something went wrong. please try later.';
  var NOT_EMBEDDED = 'Open this form from the storefront to add your card.';
  var form = document.getElementById('add-card');
  var input = document.getElementById('card-number');
  var error = document.getElementById('card-number-error');
  var status = document.getElementById('add-card-status');
  var submit = document.getElementById('add-card-submit');
  var cancel = document.getElementById('add-card-cancel');
  var parentOrigin = null;
  var busy = false;
  var lastHeight = -1;

  function send(message) {
    if (parentOrigin) window.parent.postMessage(message, parentOrigin);
  }
  function reportHeight() {
    var h = Math.ceil(document.documentElement.scrollHeight || document.body.scrollHeight || 0);
    if (h === lastHeight) return;
    lastHeight = h;
    send({ type: 'screenset/ready', height: h });
  }
  function validate(value) {
    var trimmed = String(value).trim();
    if (trimmed === '') return { ok: false, error: EMPTY };
    var digits = trimmed.replace(/ +/g, '');
    if (!/^6046[0-9]{12}$/.test(digits)) return { ok: false, error: WRONG };
    return { ok: true, cardNumber: digits };
  }
  function showError(text) {
    error.textContent = text || '';
    error.hidden = !text;
    if (text) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'card-number-hint card-number-error');
    } else {
      input.removeAttribute('aria-invalid');
      input.setAttribute('aria-describedby', 'card-number-hint');
    }
    reportHeight();
  }
  function setBusy(on) {
    busy = on;
    submit.disabled = on;
    if (on) submit.setAttribute('aria-busy', 'true'); else submit.removeAttribute('aria-busy');
    submit.textContent = on ? 'Adding card\\u2026' : 'Add Card';
  }

  window.addEventListener('message', function (event) {
    if (ALLOWED.indexOf(event.origin) === -1 || event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'screenset/init') {
      parentOrigin = event.origin;
      lastHeight = -1;
      reportHeight();
      if (data.focus === true) input.focus();
    } else if (data.type === 'screenset/result' && event.origin === parentOrigin && busy) {
      setBusy(false);
      if (data.ok === true) {
        showError('');
        status.textContent = 'Your Scene+ card was added.';
      } else {
        showError(typeof data.message === 'string' && data.message ? data.message.slice(0, 300) : FAILED);
        input.focus();
      }
    }
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    if (!parentOrigin) { showError(NOT_EMBEDDED); return; }
    var checked = validate(input.value);
    if (!checked.ok) { showError(checked.error); input.focus(); return; }
    showError('');
    status.textContent = '';
    setBusy(true);
    send({ type: 'screenset/submit', cardNumber: checked.cardNumber });
  });
  cancel.addEventListener('click', function () { send({ type: 'screenset/cancel' }); });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') send({ type: 'screenset/cancel' });
  });
})();
`;
