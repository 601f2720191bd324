/*
 * Tag manager (local stand-in for the tag manager's container script; spec §7 "a tag manager …
 * is loaded", Analytics events). Plain ES2019, no dependencies.
 *
 *   window.dataLayer = window.dataLayer || [];
 *   function gtag(){ dataLayer.push(arguments); }
 *   gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
 *   <script src="http://localhost:4400/gtm.js"></script>
 *   gtag('consent', 'update', { analytics_storage: 'granted' });   // after the shopper chose (consent group C0002)
 *   dataLayer.push({ event: 'view_item_list', ecommerce: { item_list_id: '7', item_list_name: 'Search - Products', items: [...] } });
 *
 * Consent mode: storage starts 'denied' (also when the page set no default). Events pushed while
 * analytics_storage is denied and no 'update' came yet wait in a queue; the first update decides:
 * granted → the queue is sent, denied → the queue is dropped (never sent later). After that an event is
 * sent only while analytics_storage is granted; otherwise it is dropped.
 *
 * Sending: one POST {origin}/collect per event, body (text/plain, no preflight)
 *   { v: 2, cid, events: [{ name, params }] }  (params = the entry without `event`, `ecommerce` kept as is).
 * `cid` lives in the `_ga` cookie, which is written only once analytics storage is granted.
 * window.__gtmStandIn.sent() → how many events were sent (diagnostics).
 */
(function () {
  'use strict';

  var ORIGIN = '__VENDORS_ORIGIN__';
  var CONSENT_KEYS = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'];

  if (window.__gtmStandIn) return;
  var layer = window.dataLayer = Array.isArray(window.dataLayer) ? window.dataLayer : [];
  var consent = {};
  CONSENT_KEYS.forEach(function (k) { consent[k] = 'denied'; });
  var decided = false;
  var queue = [];
  var sent = 0;

  function clientId() {
    var m = /(?:^|; )_ga=([^;]*)/.exec(document.cookie || '');
    if (m) return decodeURIComponent(m[1]);
    var id = 'GA1.1.' + Math.floor(Math.random() * 1e9) + '.' + Math.floor(Date.now() / 1000);
    document.cookie = '_ga=' + encodeURIComponent(id) + '; path=/; max-age=' + 2 * 365 * 24 * 3600 + '; SameSite=Lax';
    return id;
  }

  function send(entry) {
    var params = {};
    Object.keys(entry).forEach(function (k) { if (k !== 'event') params[k] = entry[k]; });
    var body = JSON.stringify({ v: 2, cid: clientId(), events: [{ name: entry.event, params: params }] });
    sent++;
    try {
      fetch(ORIGIN + '/collect', { method: 'POST', mode: 'cors', keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: body })
        .catch(function () { /* analytics is best effort */ });
    } catch { /* no fetch */ }
  }

  function onConsent(kind, values) {
    if (!values || typeof values !== 'object') return;
    CONSENT_KEYS.forEach(function (k) {
      if (values[k] === 'granted' || values[k] === 'denied') consent[k] = values[k];
    });
    if (kind !== 'update') return;
    decided = true;
    var pending = queue;
    queue = [];
    if (consent.analytics_storage === 'granted') pending.forEach(send);
    // denied: the queued events are dropped here, never sent later
  }

  function onEvent(entry) {
    if (typeof entry.event !== 'string' || entry.event.indexOf('gtm.') === 0) return;
    if (consent.analytics_storage === 'granted') send(entry);
    else if (!decided) queue.push(entry);
  }

  function handle(item) {
    if (Array.isArray(item) || Object.prototype.toString.call(item) === '[object Arguments]') {
      // gtag() arguments: ['consent', 'default' | 'update', {...}]
      if (item[0] === 'consent') onConsent(item[1], item[2]);
      return;
    }
    if (item && typeof item === 'object') onEvent(item);
  }

  layer.slice().forEach(handle);
  var push = layer.push;
  layer.push = function () {
    var result = push.apply(layer, arguments);
    for (var i = 0; i < arguments.length; i++) handle(arguments[i]);
    return result;
  };

  window.__gtmStandIn = {
    consent: function () { return Object.assign({}, consent); },
    queued: function () { return queue.length; },
    sent: function () { return sent; },
  };
})();
