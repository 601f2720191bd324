/** Gives every element outside a `[hidden]` subtree one 10x10 px client rect (jsdom has no layout). */
export function mockLayout(): jest.SpyInstance;
