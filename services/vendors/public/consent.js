/*
 * Consent tool (local stand-in for the consent-management script storefronts code against;
 * ARCHITECTURE §5). Plain ES2019, no dependencies.
 *
 *   <script src="http://localhost:4400/consent.js"></script>
 *
 * Interface (the vendor's names):
 *   window.OnetrustActiveGroups        ',C0001,' before a choice; e.g. ',C0001,C0002,' after one
 *   window.OneTrust.OnConsentChanged(cb)   cb({ detail: ['C0001','C0002'] }) after every choice the shopper makes
 *   window.OneTrust.AllowAll() / RejectAll() / ToggleInfoDisplay() / IsAlertBoxClosed() / getDataSubjectId()
 *   window 'OneTrustGroupsUpdated' event  detail: active group ids; once when the script loads, then on every choice
 *   window.OptanonWrapper()             called (when defined) at load and after every choice
 *   cookies OptanonConsent ('groups=C0001:1,C0002:0,C0003:0,C0004:0&datestamp=…&identifier=…', 365 days) and
 *           OptanonAlertBoxClosed (ISO date of the choice; its absence shows the banner)
 *   window.OneTrust.dataSubjectParams = { id, isAnonymous: false, token } set BEFORE the script loads
 *           (signed-in shopper; token from the storefront's POST /api/generateToken, spec §7): each choice
 *           is then sent as a consent receipt to POST {origin}/consent/receipts with the token.
 *
 * UI: a bottom bar (region 'Cookie consent', not modal: the page stays usable) with Accept All Cookies,
 * Reject All and Cookie Settings (it sits above any bar the site fixes to the bottom edge, e.g. an alert
 * banner, so neither hides the other); the preferences dialog (role dialog, aria-modal, focus trapped, Escape
 * closes and focus returns to the opener) with C0001 necessary (always active), C0002 performance,
 * C0003 functional, C0004 targeting.
 */
(function () {
  'use strict';

  // The page's CSP nonce for the <style> this script adds (a strict CSP has no 'unsafe-inline' for styles):
  // this script tag's, else the page's <meta name="csp-nonce" nonce> (the storefront's edge writes one).
  var me = document.currentScript;
  function cspNonce() {
    if (me && me.nonce) return me.nonce;
    var meta = document.querySelector('meta[name="csp-nonce"]');
    return (meta && (meta.nonce || meta.getAttribute('nonce'))) || '';
  }

  var ORIGIN = '__VENDORS_ORIGIN__';
  var CONSENT_COOKIE = 'OptanonConsent';
  var CLOSED_COOKIE = 'OptanonAlertBoxClosed';
  var YEAR_S = 365 * 24 * 3600;
  var GROUPS = [
    { id: 'C0001', name: 'Strictly Necessary Cookies', always: true, text: 'Needed for the site to work: your session, your store, your list. Always active.' },
    { id: 'C0002', name: 'Performance Cookies', text: 'Count visits and traffic so we can improve the site. Also enables the guided tours.' },
    { id: 'C0003', name: 'Functional Cookies', text: 'Remember choices such as language and enable live chat extras.' },
    { id: 'C0004', name: 'Targeting Cookies', text: 'Show advertising that is relevant to you.' },
  ];
  var IDS = GROUPS.map(function (g) { return g.id; });

  if (window.OneTrust && window.OneTrust.__standIn) return; // loaded twice: keep the first
  var preset = window.OneTrust || {};

  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf('=');
      if (parts[i].slice(0, eq) === name) return decodeURIComponent(parts[i].slice(eq + 1));
    }
    return null;
  }

  /** The stored choice: { C0001: true, C0002: bool, … } or null when the shopper has not chosen yet. */
  function storedChoice() {
    if (!readCookie(CLOSED_COOKIE)) return null;
    var raw = readCookie(CONSENT_COOKIE);
    if (!raw) return null;
    var m = /(?:^|&)groups=([^&]*)/.exec(raw);
    if (!m) return null;
    var choice = { C0001: true };
    m[1].split(',').forEach(function (pair) {
      var kv = pair.split(':');
      if (IDS.indexOf(kv[0]) > 0) choice[kv[0]] = kv[1] === '1';
    });
    return choice;
  }

  var choice = storedChoice();
  var subject = preset.dataSubjectParams && typeof preset.dataSubjectParams.id === 'string' ? preset.dataSubjectParams : null;
  var listeners = [];

  function activeIds() {
    return IDS.filter(function (id) { return id === 'C0001' || (choice && choice[id] === true); });
  }
  function activeString() {
    return ',' + activeIds().join(',') + ',';
  }

  function writeCookies() {
    var groups = IDS.map(function (id) { return id + ':' + (id === 'C0001' || choice[id] ? '1' : '0'); }).join(',');
    var value = 'groups=' + groups + '&datestamp=' + new Date().toISOString() + (subject ? '&identifier=' + subject.id : '');
    var attrs = '; path=/; max-age=' + YEAR_S + '; SameSite=Lax';
    document.cookie = CONSENT_COOKIE + '=' + encodeURIComponent(value) + attrs;
    document.cookie = CLOSED_COOKIE + '=' + encodeURIComponent(new Date().toISOString()) + attrs;
  }

  function sendReceipt() {
    if (!subject || !subject.token) return;
    try {
      fetch(ORIGIN + '/consent/receipts', {
        method: 'POST',
        mode: 'cors',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + subject.token },
        body: JSON.stringify({ identifier: subject.id, groups: activeIds() }),
      }).catch(function () { /* the receipt is best effort */ });
    } catch { /* fetch missing */ }
  }

  function announce() {
    var ids = activeIds();
    window.OnetrustActiveGroups = activeString();
    try { window.dispatchEvent(new CustomEvent('OneTrustGroupsUpdated', { detail: ids })); } catch { /* old browser */ }
    if (typeof window.OptanonWrapper === 'function') {
      try { window.OptanonWrapper(); } catch { /* the page's callback failed */ }
    }
    return ids;
  }

  /** Records a choice (map of group id → granted), tells everybody, hides the UI. */
  function decide(next) {
    choice = { C0001: true };
    IDS.forEach(function (id) { if (id !== 'C0001') choice[id] = !!next[id]; });
    writeCookies();
    var ids = announce();
    listeners.slice().forEach(function (cb) {
      try { cb({ detail: ids.slice() }); } catch { /* a listener failed: the others still run */ }
    });
    sendReceipt();
    closeDialog();
    removeBanner();
  }
  function all(value) {
    var m = {};
    IDS.forEach(function (id) { m[id] = value; });
    return m;
  }

  // ---- UI -------------------------------------------------------------------------------------------
  var STYLE = [
    '.ot-sa-banner{position:fixed;left:0;right:0;bottom:0;z-index:2147483000;background:#1f2937;color:#fff;font:14px/1.4 system-ui,sans-serif;padding:12px 16px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:center;box-shadow:0 -2px 8px rgba(0,0,0,.3)}',
    '.ot-sa-banner p{margin:0;max-width:640px;flex:1 1 280px}',
    '.ot-sa-btns{display:flex;gap:8px;flex-wrap:wrap}',
    '.ot-sa-btn{font:inherit;border-radius:4px;padding:8px 14px;cursor:pointer;border:2px solid #fff;background:#fff;color:#1f2937;font-weight:600}',
    '.ot-sa-btn.secondary{background:transparent;color:#fff}',
    '.ot-sa-dialog .ot-sa-btn.secondary{color:#1f2937;border-color:#1f2937}',
    '.ot-sa-btn:focus-visible,.ot-sa-dialog input:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}',
    '.ot-sa-backdrop{position:fixed;inset:0;z-index:2147483001;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;padding:16px}',
    '.ot-sa-dialog{background:#fff;color:#1f2937;font:14px/1.4 system-ui,sans-serif;max-width:520px;width:100%;max-height:90vh;overflow:auto;border-radius:8px;padding:20px}',
    '.ot-sa-dialog h2{margin:0 0 8px;font-size:20px}',
    '.ot-sa-group{border-top:1px solid #e5e7eb;padding:10px 0}',
    '.ot-sa-group label{display:flex;gap:8px;align-items:center;font-weight:600}',
    '.ot-sa-group p{margin:4px 0 0 26px}',
    '.ot-sa-dialog .ot-sa-btns{margin-top:12px}',
  ].join('\n');

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function button(label, cls, onClick) {
    var b = el('button', { type: 'button', class: 'ot-sa-btn' + (cls ? ' ' + cls : '') }, label);
    b.addEventListener('click', onClick);
    return b;
  }

  var banner = null;
  var backdrop = null;
  var opener = null;
  var stackTimer = null;

  /**
   * Keeps the bar above a bar the site fixes to the bottom edge (e.g. its alert banner), so neither
   * hides the other's buttons: the top of the highest fixed element at the bottom edge, in px.
   */
  function bottomInset() {
    if (typeof document.elementsFromPoint !== 'function') return 0;
    var seen = document.elementsFromPoint(Math.floor(window.innerWidth / 2), window.innerHeight - 2);
    for (var i = 0; i < seen.length; i++) {
      var node = seen[i];
      if (banner && (node === banner || banner.contains(node))) continue;
      for (var el = node; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
        if (window.getComputedStyle(el).position === 'fixed') return Math.max(0, Math.round(window.innerHeight - el.getBoundingClientRect().top));
      }
    }
    return 0;
  }
  /**
   * Moves the bar above the site's bottom bar with a transform, not `bottom`: a transform is not a layout
   * shift (CLS), so a site's alert banner arriving after the consent bar moves nothing ("the
   * alert banner and toasts never push content after paint").
   */
  function restack() {
    if (!banner) return;
    var inset = bottomInset();
    banner.style.transform = inset ? 'translateY(-' + inset + 'px)' : '';
  }

  function ensureStyle() {
    if (document.getElementById('ot-sa-style')) return;
    var style = el('style', { id: 'ot-sa-style' });
    style.textContent = STYLE;
    if (cspNonce()) style.nonce = cspNonce();
    document.head.appendChild(style);
  }

  function showBanner() {
    if (banner || !document.body) return;
    ensureStyle();
    banner = el('div', { id: 'onetrust-banner-sdk', class: 'ot-sa-banner', role: 'region', 'aria-label': 'Cookie consent' });
    banner.appendChild(el('p', {}, 'We use cookies to run this site, measure how it is used, remember your choices and show relevant ads. Choose which you allow.'));
    var btns = el('div', { class: 'ot-sa-btns' });
    btns.appendChild(button('Accept All Cookies', '', function () { decide(all(true)); }));
    btns.appendChild(button('Reject All', 'secondary', function () { decide(all(false)); }));
    btns.appendChild(button('Cookie Settings', 'secondary', function (e) { openDialog(e.currentTarget); }));
    banner.appendChild(btns);
    document.body.appendChild(banner);
    restack();
    stackTimer = setInterval(restack, 500);
  }
  function removeBanner() {
    if (stackTimer) clearInterval(stackTimer);
    stackTimer = null;
    if (banner && banner.parentNode) banner.parentNode.removeChild(banner);
    banner = null;
  }

  function focusables() {
    return backdrop ? Array.prototype.slice.call(backdrop.querySelectorAll('button, input:not([disabled])')) : [];
  }
  function onKey(e) {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeDialog();
      return;
    }
    if (e.key !== 'Tab') return;
    var f = focusables();
    if (f.length === 0) return;
    var first = f[0];
    var last = f[f.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  function openDialog(from) {
    if (backdrop) return;
    ensureStyle();
    opener = from || document.activeElement;
    backdrop = el('div', { class: 'ot-sa-backdrop' });
    var dialog = el('div', { id: 'onetrust-pc-sdk', class: 'ot-sa-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'ot-sa-title' });
    dialog.appendChild(el('h2', { id: 'ot-sa-title' }, 'Privacy Preference Center'));
    dialog.appendChild(el('p', {}, 'Choose which cookies you allow. Strictly necessary cookies are always active.'));
    var boxes = {};
    GROUPS.forEach(function (g) {
      var wrap = el('div', { class: 'ot-sa-group' });
      var label = el('label', {});
      var box = el('input', { type: 'checkbox', name: g.id, 'data-group': g.id, 'aria-describedby': 'ot-sa-desc-' + g.id });
      box.checked = g.always || !!(choice && choice[g.id]);
      if (g.always) box.disabled = true;
      boxes[g.id] = box;
      label.appendChild(box);
      label.appendChild(document.createTextNode(g.name + (g.always ? ' (Always Active)' : '')));
      wrap.appendChild(label);
      wrap.appendChild(el('p', { id: 'ot-sa-desc-' + g.id }, g.text));
      dialog.appendChild(wrap);
    });
    var btns = el('div', { class: 'ot-sa-btns' });
    btns.appendChild(button('Confirm My Choices', '', function () {
      var m = {};
      IDS.forEach(function (id) { m[id] = boxes[id].checked; });
      decide(m);
    }));
    btns.appendChild(button('Allow All', 'secondary', function () { decide(all(true)); }));
    btns.appendChild(button('Reject All', 'secondary', function () { decide(all(false)); }));
    btns.appendChild(button('Close', 'secondary', function () { closeDialog(); }));
    dialog.appendChild(btns);
    backdrop.appendChild(dialog);
    backdrop.addEventListener('keydown', onKey);
    document.body.appendChild(backdrop);
    var firstBox = boxes.C0002;
    if (firstBox) firstBox.focus();
    try { window.dispatchEvent(new CustomEvent('OneTrustPCLoaded')); } catch { /* old browser */ }
  }
  function closeDialog() {
    if (!backdrop) return;
    backdrop.parentNode.removeChild(backdrop);
    backdrop = null;
    var back = opener;
    opener = null;
    if (back && back.isConnected && typeof back.focus === 'function') back.focus();
    else if (banner) { var b = banner.querySelector('button'); if (b) b.focus(); }
  }

  // ---- public API -------------------------------------------------------------------------------------
  var api = {
    __standIn: true,
    version: 1,
    OnConsentChanged: function (cb) { if (typeof cb === 'function') listeners.push(cb); },
    AllowAll: function () { decide(all(true)); },
    RejectAll: function () { decide(all(false)); },
    ToggleInfoDisplay: function () { if (backdrop) closeDialog(); else openDialog(document.activeElement); },
    IsAlertBoxClosed: function () { return choice !== null; },
    getDataSubjectId: function () { return subject ? subject.id : null; },
    dataSubjectParams: preset.dataSubjectParams,
  };
  window.OneTrust = api;
  window.Optanon = api;

  function start() {
    announce();
    if (choice === null) showBanner();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
