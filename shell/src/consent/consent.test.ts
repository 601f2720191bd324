/**
 * The shell's consent adapter and the consent-gated dataLayer (spec §4 Guided tours "only
 * when the consent analytics group C0002 is active", §7 Analytics events): the bus hears each real
 * change once; analytics reach the dataLayer only with C0002, a declined shopper's waiting events never.
 */
import { createTestBus } from 'shared-events/testing';
import { connectDataLayer, toDataLayerEntry, type DataLayerItem } from '../analytics/data-layer';
import { ConsentBridge } from './consent-bridge';
import { parseActiveGroups } from './consent-state';

/** A window with a scripted consent tool: `choose(groups)` acts like a shopper's choice in the banner. */
function fakeTool(initial = ',C0001,', closed = false) {
  const target = new EventTarget();
  const callbacks: Array<(e: { detail: string[] }) => void> = [];
  let isClosed = closed;
  const win = {
    OnetrustActiveGroups: initial,
    OneTrust: { OnConsentChanged: (cb: (e: { detail: string[] }) => void) => callbacks.push(cb), IsAlertBoxClosed: () => isClosed },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  return {
    win,
    choose(groups: string[]) {
      isClosed = true;
      win.OnetrustActiveGroups = `,${groups.join(',')},`;
      // the tool fires both for one choice
      target.dispatchEvent(new CustomEvent('OneTrustGroupsUpdated', { detail: groups }));
      for (const cb of callbacks) cb({ detail: groups });
    },
    reload() {
      target.dispatchEvent(new CustomEvent('OneTrustGroupsUpdated', { detail: parseActiveGroups(win.OnetrustActiveGroups) }));
    },
  };
}

const events = (layer: DataLayerItem[]) => layer.filter((e): e is { event: string } => !Array.isArray(e) && typeof (e as { event?: unknown }).event === 'string');
const commands = (layer: DataLayerItem[]) => layer.filter((e) => !('event' in (e as object))).map((a) => Array.from(a as IArguments));

describe('parseActiveGroups', () => {
  it("reads the tool's string: ',C0001,C0002,' → ['C0001','C0002']; junk is ignored", () => {
    expect(parseActiveGroups(',C0002,C0001,C0002,')).toEqual(['C0001', 'C0002']);
    expect(parseActiveGroups(',<b>,C0001,,')).toEqual(['C0001']);
    expect(parseActiveGroups(undefined)).toEqual([]);
  });
});

describe('ConsentBridge → bus consent/changed', () => {
  it('publishes the groups once at attach and once per real change (event + callback of one choice, a same-groups reload: once)', () => {
    const kit = createTestBus();
    const tool = fakeTool();
    const bridge = new ConsentBridge(kit.bus, tool.win);
    bridge.attach();
    expect(kit.bus.state.consent.value).toEqual(['C0001']);
    tool.choose(['C0001', 'C0002']);
    tool.reload();
    tool.choose(['C0001', 'C0002']);
    expect(kit.published('consent/changed').map((e) => e.payload.groups)).toEqual([['C0001'], ['C0001', 'C0002']]);
    expect(bridge.decision$.value).toEqual({ decided: true, groups: ['C0001', 'C0002'] });
    tool.choose(['C0001']);
    expect(kit.published('consent/changed')).toHaveLength(3);
    expect(kit.bus.state.consent.value).toEqual(['C0001']);
  });

  it('a returning shopper: the stored choice is read at attach (decided)', () => {
    const kit = createTestBus();
    const bridge = new ConsentBridge(kit.bus, fakeTool(',C0001,C0002,C0004,', true).win);
    bridge.attach();
    expect(bridge.decision$.value).toEqual({ decided: true, groups: ['C0001', 'C0002', 'C0004'] });
    expect(kit.bus.state.consentDecided.value).toBe(true);
  });

  it("'Reject All' on a fresh banner leaves the groups as they were: the bus still learns the banner was answered", () => {
    const kit = createTestBus();
    const tool = fakeTool();
    new ConsentBridge(kit.bus, tool.win).attach();
    expect(kit.bus.state.consentDecided.value).toBe(false);
    tool.choose(['C0001']);
    expect(kit.published('consent/changed').map((e) => e.payload)).toEqual([{ groups: ['C0001'], decided: false }, { groups: ['C0001'], decided: true }]);
    expect(kit.bus.state.consentDecided.value).toBe(true);
    expect(kit.bus.state.consent.value).toEqual(['C0001']);
  });
});

describe('connectDataLayer with consent (GA4 shape, only with C0002)', () => {
  function setup(initial = ',C0001,', closed = false) {
    const kit = createTestBus();
    const tool = fakeTool(initial, closed);
    const bridge = new ConsentBridge(kit.bus, tool.win);
    const target: { dataLayer?: DataLayerItem[] } = {};
    connectDataLayer(kit.bus, target, bridge.decision$);
    return { kit, tool, bridge, layer: () => target.dataLayer! };
  }

  it("writes consent mode 'default' denied at once; nothing is pushed before the choice", () => {
    const { kit, layer } = setup();
    kit.bus.emit('analytics/track', { event: 'nav_header', params: { label: 'Offers', link: '/offers' } });
    expect(events(layer())).toEqual([]);
    expect(commands(layer())[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
  });

  it('Reject all: the waiting events are dropped and later ones never pushed, also after granting nothing', () => {
    const { kit, tool, bridge, layer } = setup();
    bridge.attach();
    kit.bus.emit('analytics/track', { event: 'nav_header', params: { label: 'Offers', link: '/offers' } });
    tool.choose(['C0001']);
    kit.bus.emit('analytics/track', { event: 'sign_out' });
    expect(events(layer())).toEqual([]);
    expect(commands(layer()).at(-1)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);
  });

  it('accepting performance pushes the waiting events once, then each later event once, GA4-shaped', () => {
    const { kit, tool, bridge, layer } = setup();
    bridge.attach();
    kit.bus.emit('analytics/track', { event: 'nav_footer', params: { label: 'Help', link: '/help' } });
    tool.choose(['C0001', 'C0002']);
    tool.reload();
    kit.bus.emit('analytics/track', {
      event: 'view_item_list',
      params: { item_list_id: '7', item_list_name: 'Search - Products', search_term: 'milk', items: [{ item_id: 'p1', item_name: 'Milk', index: 1 }] },
    });
    expect(events(layer())).toEqual([
      { event: 'nav_footer', label: 'Help', link: '/help' },
      { event: 'view_item_list', search_term: 'milk', ecommerce: { item_list_id: '7', item_list_name: 'Search - Products', items: [{ item_id: 'p1', item_name: 'Milk', index: 1 }] } },
    ]);
    expect(commands(layer()).filter((c) => c[1] === 'update')).toEqual([['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' })]]);
  });

  it('a returning shopper who granted C0002 gets events pushed at once', () => {
    const { kit, bridge, layer } = setup(',C0001,C0002,', true);
    bridge.attach();
    kit.bus.emit('analytics/track', { event: 'sign_out' });
    expect(events(layer())).toEqual([{ event: 'sign_out' }]);
  });
});

it('toDataLayerEntry: view_item_list defaults to list 7 Search - Products; the event name wins over a param', () => {
  expect(toDataLayerEntry({ event: 'view_item_list', params: {} })).toEqual({ event: 'view_item_list', ecommerce: { item_list_id: '7', item_list_name: 'Search - Products', items: [] } });
  expect(toDataLayerEntry({ event: 'popup_view', params: { event: 'x', popup_type: 'addCard' } })).toEqual({ event: 'popup_view', popup_type: 'addCard' });
});
