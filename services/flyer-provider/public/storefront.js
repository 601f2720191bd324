/*
 * Flyer storefront embed script (local flyer provider, services/flyer-provider).
 *
 *   <script src="http://localhost:4300/storefront.js"></script>
 *   var storefront = window.FlyerStorefront.create({
 *     merchant: 'harbour-market', storeCode: '3299', locale: 'en-CA', publicationId: '3299-20261119',
 *     element: document.getElementById('flyer'), hostOrigin: location.origin,
 *   });
 *   storefront.setSavedItems(['20090401_KG_3299']);  // shopping-list item ids: the flyer shows them saved
 *   storefront.destroy();                               // removes the iframe and its listener
 *
 * The flyer runs in an iframe from the provider's origin. It posts { source: 'flyer-provider', version: 1,
 * type, publicationId, item?, height? } to hostOrigin only; the host page listens for those itself.
 * This script handles 'flyer:resize' (the iframe's height follows the flyer) and re-sends the last
 * saved items on 'flyer:ready'. Plain ES2019, no dependencies.
 */
(function () {
  'use strict';

  // Written by the provider when it serves this file (src/assets.ts).
  var ORIGIN = '__FLYER_ORIGIN__';
  var DIGITS4 = /^\d{4}$/;

  function isOrigin(value) {
    if (typeof value !== 'string') return false;
    try {
      var url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
    } catch {
      return false;
    }
  }

  function requireString(options, name) {
    var value = options[name];
    if (typeof value !== 'string' || value === '') throw new TypeError('FlyerStorefront.create: options.' + name + ' must be a non-empty string');
    return value;
  }

  /**
   * Renders the flyer into options.element.
   * @param {{ merchant: string, storeCode: string, locale: string, publicationId: string, element: HTMLElement, hostOrigin?: string }} options
   * @returns {{ destroy(): void, setSavedItems(listItemIds: string[]): void }}
   */
  function create(options) {
    if (!options || typeof options !== 'object') throw new TypeError('FlyerStorefront.create: options are required');
    var merchant = requireString(options, 'merchant');
    var storeCode = requireString(options, 'storeCode');
    if (!DIGITS4.test(storeCode)) throw new TypeError('FlyerStorefront.create: options.storeCode must be 4 digits');
    var locale = requireString(options, 'locale');
    var publicationId = requireString(options, 'publicationId');
    var element = options.element;
    if (!element || element.nodeType !== 1) throw new TypeError('FlyerStorefront.create: options.element must be an element');
    var hostOrigin = options.hostOrigin === undefined ? window.location.origin : options.hostOrigin;
    if (!isOrigin(hostOrigin)) throw new TypeError('FlyerStorefront.create: options.hostOrigin must be an http(s) origin');

    var query = new URLSearchParams({ merchant: merchant, storeCode: storeCode, locale: locale, publicationId: publicationId, hostOrigin: hostOrigin });
    var iframe = document.createElement('iframe');
    iframe.title = 'Weekly flyer';
    iframe.src = ORIGIN + '/embed?' + query.toString();
    iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    iframe.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.border = '0';
    iframe.style.height = '640px';
    element.appendChild(iframe);

    var savedItems = null;
    var destroyed = false;

    function send(ids) {
      if (!iframe.contentWindow) return;
      iframe.contentWindow.postMessage({ source: 'flyer-host', version: 1, type: 'flyer:saved-items', listItemIds: ids.slice() }, ORIGIN);
    }

    function onMessage(event) {
      if (event.origin !== ORIGIN || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || typeof data !== 'object' || data.source !== 'flyer-provider' || data.version !== 1 || data.publicationId !== publicationId) return;
      if (data.type === 'flyer:resize' && typeof data.height === 'number' && isFinite(data.height) && data.height >= 0) {
        iframe.style.height = Math.ceil(Math.min(data.height, 100000)) + 'px';
      } else if (data.type === 'flyer:ready' && savedItems) {
        send(savedItems);
      }
    }
    window.addEventListener('message', onMessage);

    return {
      destroy: function () {
        if (destroyed) return;
        destroyed = true;
        window.removeEventListener('message', onMessage);
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
      setSavedItems: function (listItemIds) {
        if (!Array.isArray(listItemIds) || !listItemIds.every(function (id) { return typeof id === 'string'; })) {
          throw new TypeError('FlyerStorefront.setSavedItems: listItemIds must be an array of strings');
        }
        if (destroyed) return;
        savedItems = listItemIds.slice();
        send(savedItems);
      },
    };
  }

  window.FlyerStorefront = { version: 1, create: create };
})();
