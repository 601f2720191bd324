/*
 * The flyer page inside the iframe (GET /embed). Reads the JSON island #flyer-data, builds the flyer
 * with textContent only (no HTML from data), and talks to the host page:
 *   → host (postMessage to hostOrigin only): flyer:ready, flyer:resize, flyer:item-open,
 *     flyer:add-to-list, flyer:remove-from-list, each { source: 'flyer-provider', version: 1, type,
 *     publicationId, item?, height? }
 *   ← host: { source: 'flyer-host', version: 1, type: 'flyer:saved-items', listItemIds } from hostOrigin
 *     (and from the parent window) only; anything else is ignored.
 * The saved flag is never set here: 'Add to list' asks the host and waits for its next saved-items.
 */
(function () {
  'use strict';

  var PENDING_MS = 8000;
  var island = document.getElementById('flyer-data');
  var root = document.getElementById('flyer');
  if (!island || !root) return;
  var data = JSON.parse(island.textContent || '{}');
  var pub = data.publication;
  var hostOrigin = data.hostOrigin;
  var storeCode = data.storeCode;
  var embedded = window.parent && window.parent !== window;

  /** @type {Map<string, { item: object, card: HTMLElement, button: HTMLButtonElement, label: HTMLElement, flag: HTMLElement }>} */
  var cards = new Map();
  var saved = new Set();
  /** item id → timer of an add/remove waiting for the host's answer */
  var pending = new Map();

  function post(type, extra) {
    if (!embedded) return;
    var msg = { source: 'flyer-provider', version: 1, type: type, publicationId: pub.id };
    if (extra) for (var k in extra) msg[k] = extra[k];
    window.parent.postMessage(msg, hostOrigin);
  }

  function listItemId(item) {
    return item.articleNumber + '_' + item.uom + '_' + storeCode;
  }

  /** A copy of the item with exactly the contract's keys. */
  function itemOf(item) {
    return {
      id: item.id,
      articleNumber: item.articleNumber,
      uom: item.uom,
      name: item.name,
      image: item.image,
      priceText: item.priceText,
      saleStory: item.saleStory,
      validFrom: item.validFrom,
      validTo: item.validTo,
    };
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function formatDate(iso, withYear) {
    var parts = iso.split('-').map(Number);
    var date = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]));
    var o = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' };
    if (withYear) o.year = 'numeric';
    return date.toLocaleDateString('en-CA', o);
  }

  function renderState(entry) {
    var id = entry.item.id;
    var isSaved = saved.has(listItemId(entry.item));
    var isPending = pending.has(id);
    entry.card.classList.toggle('is-saved', isSaved);
    entry.flag.hidden = !isSaved;
    entry.button.classList.toggle('is-remove', isSaved);
    entry.button.setAttribute('aria-disabled', isPending ? 'true' : 'false');
    entry.label.textContent = isPending ? (isSaved ? 'Removing…' : 'Adding…') : isSaved ? 'Remove from list' : 'Add to list';
  }

  function toggle(entry) {
    var id = entry.item.id;
    if (pending.has(id)) return;
    var wasSaved = saved.has(listItemId(entry.item));
    pending.set(
      id,
      setTimeout(function () {
        pending.delete(id);
        renderState(entry);
      }, PENDING_MS),
    );
    renderState(entry);
    post(wasSaved ? 'flyer:remove-from-list' : 'flyer:add-to-list', { item: itemOf(entry.item) });
  }

  function card(item) {
    var li = el('li', 'flyer-item');
    var article = el('article', 'item-card');
    article.setAttribute('data-item-id', item.id);
    article.setAttribute('aria-label', item.name);

    var open = el('button', 'item-open');
    open.type = 'button';
    var img = el('img', 'item-image');
    img.src = item.image;
    img.alt = '';
    img.width = data.image.width;
    img.height = data.image.height;
    img.decoding = 'async';
    img.loading = 'lazy';
    open.appendChild(img);
    open.appendChild(el('span', 'item-name', item.name));
    var size = data.sizes[item.id];
    if (size) open.appendChild(el('span', 'item-size', size));
    open.addEventListener('click', function () {
      post('flyer:item-open', { item: itemOf(item) });
    });

    var story = el('p', 'item-story', item.saleStory);
    var price = el('p', 'item-price', item.priceText);
    var unit = data.unitPrices && data.unitPrices[item.id];
    var unitLine = null;
    if (unit) {
      // Seen as '$1.63 /100 g', read as '$1.63 per 100 g'.
      unitLine = el('p', 'item-unit-price');
      var seen = el('span', null, unit.text);
      seen.setAttribute('aria-hidden', 'true');
      unitLine.appendChild(seen);
      unitLine.appendChild(el('span', 'visually-hidden', unit.spoken));
    }
    var flag = el('p', 'item-saved', '✓ In your list');
    flag.hidden = true;

    var button = el('button', 'item-toggle');
    button.type = 'button';
    var label = el('span', 'item-toggle-label', 'Add to list');
    button.appendChild(label);
    button.appendChild(el('span', 'visually-hidden', ': ' + item.name));

    article.appendChild(story);
    article.appendChild(open);
    article.appendChild(price);
    if (unitLine) article.appendChild(unitLine);
    article.appendChild(flag);
    article.appendChild(button);
    li.appendChild(article);

    var entry = { item: item, card: article, button: button, label: label, flag: flag };
    button.addEventListener('click', function () {
      toggle(entry);
    });
    cards.set(item.id, entry);
    return li;
  }

  function render() {
    root.textContent = '';
    var header = el('header', 'flyer-head');
    header.appendChild(el('p', 'flyer-eyebrow', pub.title));
    header.appendChild(el('h1', 'flyer-store', data.store.name));
    header.appendChild(el('p', 'flyer-address', data.store.city + ', ' + data.store.province + ' · Store ' + storeCode));
    var valid = el('p', 'flyer-valid');
    valid.appendChild(el('span', 'flyer-valid-label', 'Valid '));
    var from = el('time', null, formatDate(pub.validFrom, false));
    from.setAttribute('datetime', pub.validFrom);
    var to = el('time', null, formatDate(pub.validTo, true));
    to.setAttribute('datetime', pub.validTo);
    valid.appendChild(from);
    valid.appendChild(document.createTextNode(' to '));
    valid.appendChild(to);
    header.appendChild(valid);
    root.appendChild(header);

    var total = pub.pages.length;
    pub.pages.forEach(function (page, i) {
      var section = el('section', 'flyer-page');
      var headingId = 'flyer-page-' + page.number;
      section.setAttribute('aria-labelledby', headingId);
      var h2 = el('h2', 'flyer-page-title');
      h2.id = headingId;
      h2.appendChild(el('span', 'flyer-page-number', 'Page ' + page.number + ' of ' + total));
      h2.appendChild(el('span', null, data.pageTitles[i] || ''));
      section.appendChild(h2);
      var list = el('ul', 'flyer-grid');
      page.items.forEach(function (item) {
        list.appendChild(card(item));
      });
      section.appendChild(list);
      root.appendChild(section);
    });
    root.removeAttribute('aria-busy');
    document.title = pub.title + ' · ' + data.store.name;
  }

  function onMessage(event) {
    if (event.origin !== hostOrigin || event.source !== window.parent) return;
    var msg = event.data;
    if (!msg || typeof msg !== 'object' || msg.source !== 'flyer-host' || msg.version !== 1 || msg.type !== 'flyer:saved-items') return;
    var ids = msg.listItemIds;
    if (!Array.isArray(ids) || !ids.every(function (x) { return typeof x === 'string'; })) return;
    saved = new Set(ids);
    pending.forEach(function (timer) {
      clearTimeout(timer);
    });
    pending.clear();
    cards.forEach(renderState);
  }

  var lastHeight = -1;
  function reportHeight() {
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    post('flyer:resize', { height: height });
  }

  render();
  window.addEventListener('message', onMessage);
  post('flyer:ready');
  reportHeight();
  if (typeof window.ResizeObserver === 'function') {
    new window.ResizeObserver(reportHeight).observe(document.body);
  } else {
    window.addEventListener('resize', reportHeight);
    window.addEventListener('load', reportHeight);
  }
})();
