// fake-indexeddb (the list's IndexedDB in tests) needs structuredClone, which jest's jsdom environment lacks.
if (typeof globalThis.structuredClone !== 'function') {
  const v8 = require('node:v8');
  globalThis.structuredClone = (value) => v8.deserialize(v8.serialize(value));
}
