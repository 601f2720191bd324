import { act, screen } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { createTestBus } from 'shared-events/testing';
import type { EventBus } from 'shared-events';
import { ListOffers, useListOffers } from './ListOffers';

function Harness({ bus, articleNumbers, enabled }: { bus: EventBus; articleNumbers: string[]; enabled: boolean }) {
  const offers = useListOffers(bus, articleNumbers, enabled);
  return <ListOffers offers={offers} names={new Map([['20010010', 'Butter, Salted']])} />;
}

describe("the panel's offers section (spec §2 'offers sections', through the bus only)", () => {
  it('asks mf-offers for the loaded offers matching the list and shows its answer as text', () => {
    const kit = createTestBus();
    renderWithKit(<Harness bus={kit.bus} articleNumbers={['20010010', '20092061', '20010010']} enabled />, { remote: 'mf-shopping-list', kit });
    const [request] = kit.published('offers/matches-requested');
    expect(request.payload.articleNumbers).toEqual(['20010010', '20092061']);
    // Another request's answer is ignored.
    act(() => kit.bus.emit('offers/matches', { requestId: 'someone-else', offers: [{ offerId: 'x', description: 'Not mine', badge: '1 PT', endDate: '2026-12-01T00:00:00Z', articleNumbers: ['20010010'] }] }));
    expect(screen.queryByText('Not mine')).not.toBeInTheDocument();
    act(() => kit.bus.emit('offers/matches', {
      requestId: request.payload.requestId,
      offers: [{ offerId: 'o1', description: '<img src=x onerror=alert(1)> Butter deal', badge: '500 PTS', endDate: '2026-12-01T12:00:00Z', articleNumbers: ['20010010'] }],
    }));
    expect(screen.getByRole('heading', { name: 'Offers for your list' })).toBeInTheDocument();
    expect(screen.getByText('500 PTS')).toBeInTheDocument();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)> Butter deal/)).toBeInTheDocument();
    expect(screen.getByText(/On Butter, Salted/)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('asks nothing for an anonymous shopper or an empty list, and shows no section without an answer', () => {
    const kit = createTestBus();
    const { rerender } = renderWithKit(<Harness bus={kit.bus} articleNumbers={['20010010']} enabled={false} />, { remote: 'mf-shopping-list', kit });
    rerender(<Harness bus={kit.bus} articleNumbers={[]} enabled />);
    expect(kit.published('offers/matches-requested')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Offers for your list' })).not.toBeInTheDocument();
  });
});
