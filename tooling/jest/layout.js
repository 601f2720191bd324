/**
 * jsdom has no layout: every element has no client rects, so focus-trap's tabbable check (and
 * anything else that asks "is this visible?") sees nothing. `mockLayout()` gives every element outside
 * a `[hidden]` subtree one 10x10 px rect. Returns the jest spy (call `.mockRestore()` to undo).
 * Used by the dialog tests of mf-header, mf-loyalty and mf-store-selector.
 */
function mockLayout() {
  return jest.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function () {
    return this.closest('[hidden]') ? [] : [{ width: 10, height: 10 }];
  });
}

module.exports = { mockLayout };
