/*
 * Live chat embed (local stand-in for the customer-care chat vendor; spec §2 Live chat, §4 Chat).
 * Plain ES2019, no dependencies.
 *
 *   <script src="http://localhost:4400/chat.js"></script>
 *   window.CareChat.open()    // shows the chat window (role dialog 'Customer care chat'), focus in its text box
 *   window.CareChat.close()   // hides it, focus back where it was
 *   window.CareChat.isOpen()
 *
 * What the shopper types is shown as text (textContent), never as HTML; the agent answers with a fixed
 * text. Escape or the close button closes it. Nothing is sent anywhere (a local stand-in).
 */
(function () {
  'use strict';

  if (window.CareChat) return;
  // The page's CSP nonce for the <style> this script adds (a strict CSP has no 'unsafe-inline' for styles):
  // this script tag's, else the page's <meta name="csp-nonce" nonce> (the storefront's edge writes one).
  var me = document.currentScript;
  function cspNonce() {
    if (me && me.nonce) return me.nonce;
    var meta = document.querySelector('meta[name="csp-nonce"]');
    return (meta && (meta.nonce || meta.getAttribute('nonce'))) || '';
  }
  var MAX = 500;
  var STYLE = [
    '.cc-chat{position:fixed;right:16px;bottom:16px;z-index:2147482000;width:min(360px,calc(100vw - 32px));height:420px;max-height:calc(100vh - 32px);display:flex;flex-direction:column;background:#fff;color:#111827;border-radius:10px;box-shadow:0 6px 24px rgba(0,0,0,.3);font:14px/1.4 system-ui,sans-serif}',
    '.cc-head{display:flex;justify-content:space-between;align-items:center;padding:10px 14px;background:#b91c1c;color:#fff;border-radius:10px 10px 0 0}',
    '.cc-head h2{margin:0;font-size:16px}',
    '.cc-close{background:transparent;border:0;color:#fff;font-size:22px;cursor:pointer;line-height:1;padding:4px 8px}',
    '.cc-log{flex:1;overflow:auto;padding:10px 14px;margin:0;list-style:none}',
    '.cc-log li{margin:6px 0;padding:8px 10px;border-radius:8px;max-width:85%;white-space:pre-wrap;overflow-wrap:anywhere}',
    '.cc-log .agent{background:#f3f4f6}',
    '.cc-log .me{background:#fee2e2;margin-left:auto}',
    '.cc-form{display:flex;gap:8px;padding:10px 14px;border-top:1px solid #e5e7eb}',
    '.cc-form input{flex:1;font:inherit;padding:8px;border:1px solid #9ca3af;border-radius:4px}',
    '.cc-form button{font:inherit;padding:8px 12px;border:0;border-radius:4px;background:#b91c1c;color:#fff;cursor:pointer}',
    '.cc-chat :focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
  ].join('\n');

  var root = null;
  var input = null;
  var log = null;
  var opener = null;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function say(who, text) {
    log.appendChild(el('li', { class: who }, text));
    log.scrollTop = log.scrollHeight;
  }

  function build() {
    if (!document.getElementById('cc-style')) {
      var style = el('style', { id: 'cc-style' });
      style.textContent = STYLE;
      if (cspNonce()) style.nonce = cspNonce();
      document.head.appendChild(style);
    }
    root = el('section', { class: 'cc-chat', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'cc-title', id: 'care-chat' });
    var head = el('div', { class: 'cc-head' });
    head.appendChild(el('h2', { id: 'cc-title' }, 'Customer care chat'));
    var close = el('button', { type: 'button', class: 'cc-close', 'aria-label': 'Close chat' }, '×');
    close.addEventListener('click', function () { api.close(); });
    head.appendChild(close);
    log = el('ol', { class: 'cc-log', 'aria-live': 'polite', 'aria-label': 'Messages' });
    var form = el('form', { class: 'cc-form' });
    input = el('input', { type: 'text', name: 'message', maxlength: String(MAX), 'aria-label': 'Type your message', autocomplete: 'off' });
    form.appendChild(input);
    form.appendChild(el('button', { type: 'submit' }, 'Send'));
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var text = input.value.trim().slice(0, MAX);
      if (!text) return;
      say('me', text);
      input.value = '';
      setTimeout(function () { if (log) say('agent', 'Thanks! An agent will be with you shortly.'); }, 400);
    });
    root.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') { e.preventDefault(); api.close(); }
    });
    root.appendChild(head);
    root.appendChild(log);
    root.appendChild(form);
    say('agent', 'Hi! How can we help you today?');
  }

  var api = {
    version: 1,
    open: function () {
      if (!root) build();
      if (!root.isConnected) {
        opener = document.activeElement;
        document.body.appendChild(root);
      }
      input.focus();
    },
    close: function () {
      if (!root || !root.isConnected) return;
      root.parentNode.removeChild(root);
      var back = opener;
      opener = null;
      if (back && back.isConnected && typeof back.focus === 'function') back.focus();
    },
    isOpen: function () { return !!(root && root.isConnected); },
  };
  window.CareChat = api;
  try { window.dispatchEvent(new CustomEvent('CareChatReady')); } catch { /* old browser */ }
})();
