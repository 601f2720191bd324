/**
 * jsdom has no layout, so every element has no client rects and focus-trap's tabbable check would
 * see nothing focusable (mf-header's test utils do the same). Loaded after the environment of every
 * test file of this package (jest.config.js): every element not inside a `[hidden]` subtree gets one rect.
 */
jest.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (this: HTMLElement) {
  return (this.closest('[hidden]') ? [] : [{ width: 10, height: 10 }]) as unknown as DOMRectList;
});
