import { describeRemoteLifecycles } from '@storefront/remote-kit/testing';

// The overlay band shows nothing until a tour starts (no consent here): the slot stays empty.
describeRemoteLifecycles("single-spa lifecycles exposed as './spa'", () => import('./spa'), {
  remote: 'mf-tours',
  label: 'Guided tours',
  url: '/',
  expectMounted: ({ slot }) => {
    expect(slot).toBeEmptyDOMElement();
  },
});
