import { act, screen } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import type { Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { startCountdown } from '../state/verifyCountdown';
import { envelope, fakeApi, sessions } from '../test-utils';
import { VERIFIED_MESSAGE, VerifyCardPage } from './VerifyCardPage';

const T0 = Date.UTC(2026, 2, 15, 12);

function setup({ session = sessions.liam(), api = fakeApi(), search = '?redirectUrl=%2Frecipes' }: { session?: Session; api?: ReturnType<typeof fakeApi>; search?: string } = {}) {
  const kit = createTestBus();
  kit.bus.emit('session/changed', session);
  kit.reset();
  const navigate = jest.fn();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithKit(<VerifyCardPage bus={kit.bus} api={api} navigate={navigate} search={search} />, { kit, remote: 'mf-loyalty' });
  return { kit, api, navigate, user };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(T0);
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('/verify-card (spec §2 Routes, §4 Verify flow)', () => {
  it('says a code was sent to the email, shows no code, and disables "Send a new code" for the 30 s countdown', () => {
    startCountdown(T0);
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your Scene+ card' })).toBeInTheDocument();
    expect(screen.getByText(/^We sent a code to your email\./)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/\d{6}/);
    expect(document.body).not.toHaveTextContent(/demo/i);
    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
    act(() => { jest.advanceTimersByTime(12_000); });
    expect(screen.getByRole('button', { name: 'Send a new code in 18 s' })).toBeDisabled();
    act(() => { jest.advanceTimersByTime(17_000); });
    expect(screen.getByRole('button', { name: 'Send a new code in 1 s' })).toBeDisabled();
    act(() => { jest.advanceTimersByTime(1_000); });
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('the countdown survives a reload (sessionStorage): 10 s later it shows 20 s left', () => {
    startCountdown(T0 - 10_000);
    setup();
    expect(screen.getByRole('button', { name: 'Send a new code in 20 s' })).toBeDisabled();
  });

  it('no code sent from this tab (header link) → Send code calls linkAccount and starts the countdown', async () => {
    const api = fakeApi({ linkAccount: jest.fn().mockResolvedValue(envelope('success', 200, 'Verification code sent')) });
    const { user } = setup({ api });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(api.linkAccount).toHaveBeenCalledTimes(1);
    expect(api.resendCode).not.toHaveBeenCalled();
    expect(await screen.findByText('Code sent: check your email.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
  });

  it('Send code failing with a link-account code shows the spec §8 message', async () => {
    const api = fakeApi({ linkAccount: jest.fn().mockResolvedValue(envelope('error', 6103, 'x')) });
    const { user } = setup({ api });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is an issue with the Scene+ account, contact support.');
  });

  it('"Send a new code" → POST resendCode, restarts the countdown and says so', async () => {
    startCountdown(T0 - 31_000);
    const { user, api } = setup();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(api.resendCode).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('We sent a new code to your email.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
  });

  it('RESEND_TOO_SOON (429) from the BFF is shown as text and the countdown follows its retryAfter', async () => {
    startCountdown(T0 - 31_000);
    const api = fakeApi({ resendCode: jest.fn().mockResolvedValue({ status: 'error', code: 'RESEND_TOO_SOON', message: 'Too soon', data: { retryAfter: 7 } }) });
    const { user } = setup({ api });
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait before asking for a new code.');
    expect(screen.getByRole('button', { name: 'Send a new code in 7 s' })).toBeDisabled();
  });

  it('a code past its 15 minutes → the expired message', async () => {
    const api = fakeApi({ verifyCode: jest.fn().mockResolvedValue(envelope('error', 'CODE_EXPIRED', 'Expired')) });
    const { user } = setup({ api });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your code has expired. Send a new code and try again.');
  });

  it('too many wrong codes (429 TOO_MANY_ATTEMPTS) → says a new code is needed', async () => {
    const api = fakeApi({ verifyCode: jest.fn().mockResolvedValue(envelope('error', 'TOO_MANY_ATTEMPTS', 'Too many attempts')) });
    const { user } = setup({ api });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. This code no longer works: send a new code, then enter it here.');
  });

  it('a code that is not 6 digits is refused without a call', async () => {
    const { user, api } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from the email.');
    expect(api.verifyCode).not.toHaveBeenCalled();
  });

  it('a wrong code → INVALID_CODE message; the shopper stays', async () => {
    const api = fakeApi({ verifyCode: jest.fn().mockResolvedValue(envelope('error', 'INVALID_CODE', 'Invalid code')) });
    const { user, navigate } = setup({ api });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct. Check the code and try again.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the right code → refresh-requested, card_activation, toast, back to redirectUrl', async () => {
    const { user, api, kit, navigate } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await act(async () => {});
    expect(api.verifyCode).toHaveBeenCalledWith('246810');
    expect(kit.published('session/refresh-requested')).toHaveLength(1);
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'card_activation', params: { method: 'verify_code' } }]);
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual([VERIFIED_MESSAGE]);
    expect(navigate).toHaveBeenCalledWith('/recipes');
  });

  /** Verifies with the right code on `/verify-card?redirectUrl=<raw>` (no parameter when null); returns where the page went. */
  async function verifyWithRedirect(raw: string | null): Promise<unknown> {
    const { user, navigate } = setup({ search: raw === null ? '' : `?redirectUrl=${encodeURIComponent(raw)}` });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await act(async () => {});
    expect(navigate).toHaveBeenCalledTimes(1);
    return navigate.mock.calls[0][0];
  }

  // The cases of the former local safeRedirect, now the kit's safeReturnPath as this page uses it.
  it.each([
    ['/scene', '/scene'],
    ['/', '/'],
    ['/recipes/maple-salmon?tab=recipe#steps', '/recipes/maple-salmon?tab=recipe#steps'],
    ['/?query=milk&tab=product', '/?query=milk&tab=product'],
    ['/products/milk%20bag', '/products/milk%20bag'],
  ])('goes back to the site path %s', async (raw, expected) => {
    expect(await verifyWithRedirect(raw)).toBe(expected);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['another origin', 'https://evil.example'],
    ['another origin with path', 'https://evil.example/scene'],
    ['same origin written absolute (not a path)', `${window.location.origin}/scene`],
    ['javascript: scheme', 'javascript:alert(1)'],
    ['upper-case JavaScript: scheme', 'JavaScript:alert(1)'],
    ['data: scheme', 'data:text/html,<script>alert(1)</script>'],
    ['protocol-relative', '//evil'],
    ['protocol-relative with path', '//evil.example/scene'],
    ['backslash', '/\\evil'],
    ['double backslash', '\\\\evil'],
    ['tab inside (browsers drop it → //evil)', '/\t/evil'],
    ['newline inside', '/\n/evil'],
    ['leading space', ' //evil'],
    ['relative path', 'scene'],
    ['encoded //', '%2F%2Fevil'],
    ['encoded second slash', '/%2Fevil'],
    ['encoded backslash', '/%5Cevil'],
    ['double-encoded second slash', '/%252Fevil'],
    ['encoded javascript:', '%6A%61%76%61%73%63%72%69%70%74:alert(1)'],
    ['malformed escape', '/%E0%A4%A'],
  ])('a hostile or missing redirectUrl (%s) goes home instead', async (_label, raw) => {
    expect(await verifyWithRedirect(raw)).toBe('/');
  });

  it('439 → toast and forced sign-out', async () => {
    const api = fakeApi({ verifyCode: jest.fn().mockResolvedValue(envelope('error', 439, 'Session expired')) });
    const { user, kit, navigate } = setup({ api });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await act(async () => {});
    expect(kit.published('session/sign-out-requested')).toHaveLength(1);
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual(['Something went wrong!']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signed out → a sign-in prompt that asks the shell to sign in and come back', async () => {
    const { user, kit } = setup({ session: { ...sessions.liam(), loggedIn: false, uid: null } });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(kit.published('session/sign-in-requested').map((e) => e.payload)).toEqual([{ mode: 'signIn', returnTo: '/verify-card?redirectUrl=%2Frecipes' }]);
  });
});
