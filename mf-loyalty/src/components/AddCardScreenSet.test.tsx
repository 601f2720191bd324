import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { readRecord } from '../api/suppressionCookies';
import { clearCookies, envelope, fakeApi, goTo, sessions } from '../test-utils';
import { CARD_ADDED_MESSAGE, PopupHost } from './PopupHost';

const IDENTITY = 'http://localhost:4100';
const NOW = Date.UTC(2026, 2, 15, 12);

function setup(api = fakeApi()) {
  goTo('/');
  const kit = createTestBus();
  const config = { ...DEFAULT_RUNTIME_CONFIG, oidc: { issuer: IDENTITY, clientId: 'storefront' } } as RuntimeConfig;
  renderWithKit(<PopupHost bus={kit.bus} api={api} now={() => NOW} />, { kit, remote: 'mf-loyalty', remoteProps: { config } });
  act(() => kit.bus.emit('session/changed', sessions.nora()));
  const frame = screen.getByTitle('Scene+ card number form') as HTMLIFrameElement;
  const toParent = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
  /** A message as the frame (or someone else) sends it to the storefront page. */
  const fromFrame = (data: unknown, { origin = IDENTITY, source = frame.contentWindow as Window | null } = {}) =>
    act(() => { window.dispatchEvent(new MessageEvent('message', { data, origin, source })); });
  const toFrame = () => toParent.mock.calls.map(([message, origin]) => ({ message, origin }));
  return { kit, api, frame, fromFrame, toFrame };
}

beforeEach(() => clearCookies());

describe('addCard embeds the identity provider’s registration screen set (spec §2 Card popups)', () => {
  it('the dialog holds the screen set from the identity origin, not a form of its own', () => {
    const { frame } = setup();
    expect(screen.getByRole('dialog', { name: 'Add your Scene+ card' })).toContainElement(frame);
    expect(frame).toHaveAttribute('src', `${IDENTITY}/screens/add-card`);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('on load sends screenset/init to the identity origin only; ready sets the frame height', () => {
    const { frame, fromFrame, toFrame } = setup();
    fireEvent.load(frame);
    expect(toFrame()).toEqual([{ message: { type: 'screenset/init', screenSet: 'add-card', focus: expect.any(Boolean) }, origin: IDENTITY }]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the card form…');
    fromFrame({ type: 'screenset/ready', height: 312 });
    expect(frame.style.height).toBe('312px');
    expect(screen.queryByText('Loading the card form…')).toBeNull();
  });

  it('submit → the BFF add-card call with the session, result ok to the frame, toast and refresh', async () => {
    const api = fakeApi({ addCard: jest.fn().mockResolvedValue(envelope('success', 200, 'Card added', { cardNumber: '6046000000002000' })) });
    const { kit, fromFrame, toFrame } = setup(api);
    fromFrame({ type: 'screenset/submit', cardNumber: '6046000000002000' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.addCard).toHaveBeenCalledWith('6046000000002000');
    expect(kit.published('toast/show').map((e) => e.payload.message)).toContain(CARD_ADDED_MESSAGE);
    expect(kit.published('session/refresh-requested')).toHaveLength(1);
    expect(readRecord('addCard')).toBeNull();
    expect(toFrame()).toContainEqual({ message: { type: 'screenset/result', ok: true, message: 'Card added' }, origin: IDENTITY });
  });

  it('a refused card → screenset/result { ok: false, message } (spec §8 text); the dialog stays', async () => {
    const api = fakeApi({ addCard: jest.fn().mockResolvedValue(envelope('error', 'CARD_UNAVAILABLE', 'This Scene+ card cannot be added to your account')) });
    const { fromFrame, toFrame } = setup(api);
    fromFrame({ type: 'screenset/submit', cardNumber: '6046000000009999' });
    await waitFor(() => expect(toFrame()).toContainEqual({
      message: { type: 'screenset/result', ok: false, message: 'Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.' },
      origin: IDENTITY,
    }));
    expect(screen.getByRole('dialog', { name: 'Add your Scene+ card' })).toBeInTheDocument();
  });

  it('ignores messages from another origin, from another window, and malformed ones', async () => {
    const { api, fromFrame, frame } = setup();
    fromFrame({ type: 'screenset/submit', cardNumber: '6046000000002000' }, { origin: 'https://evil.example' });
    fromFrame({ type: 'screenset/cancel' }, { origin: 'https://evil.example' });
    fromFrame({ type: 'screenset/submit', cardNumber: '6046000000002000' }, { source: window });
    fromFrame({ type: 'screenset/submit', cardNumber: '1234' });
    fromFrame({ type: 'screenset/ready', height: 'tall' });
    fromFrame('screenset/cancel');
    await act(async () => { await Promise.resolve(); });
    expect(api.addCard).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add your Scene+ card' })).toBeInTheDocument();
    expect(frame.style.height).toBe('240px');
  });

  it("screenset/cancel from the frame is 'Remind me later' (soft close)", () => {
    const { kit, fromFrame } = setup();
    fromFrame({ type: 'screenset/cancel' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readRecord('addCard')?.suppressType).toBe('soft');
    expect(kit.published('popup/closed').map((e) => e.payload)).toEqual([{ popupType: 'addCard', closeType: 'soft' }]);
  });
});
