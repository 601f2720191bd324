/*
 * Ad script (local stand-in for the ad server's tag; spec §7 Other "an ad script … is loaded").
 * Plain ES2019, no dependencies. The storefront loads it only with consent group C0004 (targeting); it
 * checks `window.OnetrustActiveGroups` again itself and fills nothing without C0004.
 *
 *   <div data-ad-slot="home-leaderboard" data-ad-size="728x90" style="width:728px;height:90px"></div>
 *   <script src="http://localhost:4400/ads.js"></script>
 *   window.AdSlots.refresh()   // fills slots added later
 *
 * Each slot gets one <img> (the creative, {origin}/ads/creative?slot=&size=, width/height = the slot's
 * size) inside a link labelled 'Advertisement'. A filled slot is marked data-ad-filled="true".
 */
(function () {
  'use strict';

  var ORIGIN = '__VENDORS_ORIGIN__';
  var SLOT = /^[a-z0-9-]{1,40}$/;
  var SIZE = /^(\d{2,4})x(\d{2,4})$/;

  function allowed() {
    return typeof window.OnetrustActiveGroups === 'string' && window.OnetrustActiveGroups.indexOf(',C0004,') !== -1;
  }

  function fill(slot) {
    if (slot.getAttribute('data-ad-filled') === 'true') return false;
    var name = slot.getAttribute('data-ad-slot') || '';
    var size = SIZE.exec(slot.getAttribute('data-ad-size') || '');
    if (!SLOT.test(name) || !size) return false;
    var img = document.createElement('img');
    img.src = ORIGIN + '/ads/creative?slot=' + encodeURIComponent(name) + '&size=' + size[0];
    img.width = Number(size[1]);
    img.height = Number(size[2]);
    img.alt = 'Advertisement';
    img.style.maxWidth = '100%';
    img.style.height = 'auto';
    img.style.display = 'block';
    slot.replaceChildren(img);
    slot.setAttribute('data-ad-filled', 'true');
    return true;
  }

  function refresh() {
    if (!allowed()) return 0;
    var slots = document.querySelectorAll('[data-ad-slot]');
    var n = 0;
    for (var i = 0; i < slots.length; i++) if (fill(slots[i])) n++;
    return n;
  }

  window.AdSlots = { version: 1, refresh: refresh };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', refresh);
  else refresh();
})();
