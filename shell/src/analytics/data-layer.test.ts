import { createTestBus } from 'shared-events/testing';
import { connectDataLayer, type DataLayerEntry } from './data-layer';

describe("window.dataLayer (spec §7 Analytics events; wave-2 contract 'the shell pushes every analytics/track event')", () => {
  it('creates the array when missing and pushes { event, ...params }', () => {
    const { bus } = createTestBus();
    const target: { dataLayer?: DataLayerEntry[] } = {};
    const sub = connectDataLayer(bus, target);
    expect(target.dataLayer).toEqual([]);
    bus.emit('analytics/track', { event: 'sign_out' });
    bus.emit('analytics/track', { event: 'popup_view', params: { popupType: 'linkCard', visits: 2 } });
    expect(target.dataLayer).toEqual([{ event: 'sign_out' }, { event: 'popup_view', popupType: 'linkCard', visits: 2 }]);
    sub.unsubscribe();
    bus.emit('analytics/track', { event: 'nav_header' });
    expect(target.dataLayer).toHaveLength(2);
  });

  it('keeps what a tag snippet pushed before, and the event name wins over a param called event', () => {
    const { bus } = createTestBus();
    const target = { dataLayer: [{ event: 'gtm.js' }] as DataLayerEntry[] };
    connectDataLayer(bus, target);
    bus.emit('analytics/track', { event: 'nav_footer', params: { event: 'spoofed', label: 'Flyer' } });
    expect(target.dataLayer).toEqual([{ event: 'gtm.js' }, { event: 'nav_footer', label: 'Flyer' }]);
  });

  it('uses window.dataLayer by default', () => {
    const { bus } = createTestBus();
    delete window.dataLayer;
    connectDataLayer(bus);
    bus.emit('analytics/track', { event: 'sign_out' });
    expect(window.dataLayer).toEqual([{ event: 'sign_out' }]);
  });
});
