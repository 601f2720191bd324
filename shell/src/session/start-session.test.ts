import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { SHELL_ERRORS, shellErrors } from '../errors';
import type { AuthClient, SessionInfo } from './bff-session';
import { CALL_FAILED_MESSAGE } from './requests';
import * as managerModule from './session-manager';
import { startSession, type LoadSessionManager } from './start-session';

const config = { ...DEFAULT_RUNTIME_CONFIG, oidc: { issuer: 'http://localhost:4100', clientId: 'storefront' } };
const AUTHORIZE_URL = 'http://localhost:4100/auth?client_id=storefront&state=s1';
const LENA: SessionInfo = { signedIn: true, uid: 'u-1003', email: 'lena.linked@example.com', firstName: 'Lena', lastName: 'Linked', sessionId: '5e551011aa00bb11', expiresAt: Date.now() + 3_600_000 };

function fakeAuth(hint: boolean) {
  return {
    hasSessionHint: jest.fn(() => hint),
    current: jest.fn(async () => (hint ? LENA : null)),
    startSignIn: jest.fn(async () => AUTHORIZE_URL),
    completeSignIn: jest.fn(async () => { throw new Error('no callback'); }),
    signOut: jest.fn(async () => 'http://localhost:4100/session/end'),
  } satisfies AuthClient;
}

function fakeWindow(path = '/') {
  const url = new URL(path, 'http://localhost:8080');
  return {
    location: { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash, assign: jest.fn() },
    history: { replaceState: jest.fn() },
  };
}

/** A loader that counts its calls and hands over the real module once `release()` is called. */
function gatedLoader() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const load = jest.fn<ReturnType<LoadSessionManager>, []>(async () => { await gate; return managerModule; });
  return { load, release };
}

const flush = async () => { for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0)); };

let kit: TestBus;
beforeEach(() => {
  kit = createTestBus();
  shellErrors().length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('startSession (spec §3 Session, §4)', () => {
  it('an anonymous visit does not load the session code and resolves at once', async () => {
    const { load } = gatedLoader();
    const auth = fakeAuth(false);
    await startSession({ bus: kit.bus, config, auth, win: fakeWindow() }, load);
    expect(load).not.toHaveBeenCalled();
    expect(auth.current).not.toHaveBeenCalled();
  });

  it('the first sign-in request loads it once and starts the sign-in; a request made while it loads is answered too', async () => {
    const { load, release } = gatedLoader();
    const auth = fakeAuth(false);
    const win = fakeWindow('/flyer?x=1');
    await startSession({ bus: kit.bus, config, auth, win }, load);

    kit.bus.emit('session/sign-in-requested', { mode: 'signUp' });
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn', returnTo: '/offers' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(auth.startSignIn).not.toHaveBeenCalled();
    release();
    await flush();

    expect(auth.startSignIn.mock.calls).toEqual([['signUp', '/flyer?x=1'], ['signIn', '/offers']]);
    expect(win.location.assign).toHaveBeenCalledWith(AUTHORIZE_URL);
    // from now on the manager answers directly
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    await flush();
    expect(auth.startSignIn).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with the signed-in hint it loads the session code at start and publishes the session before resolving', async () => {
    const { load, release } = gatedLoader();
    release();
    const auth = fakeAuth(true);
    global.fetch = jest.fn(async () => { throw new TypeError('offline'); }) as unknown as typeof fetch;
    await startSession({ bus: kit.bus, config, auth, win: fakeWindow(), storage: null }, load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(auth.current).toHaveBeenCalledTimes(1);
    expect(kit.published('session/changed').length).toBeGreaterThan(0);
  });

  it('a session code that fails to load shows spec §8\'s toast, and the next request tries again', async () => {
    const load = jest.fn<ReturnType<LoadSessionManager>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(managerModule);
    const auth = fakeAuth(false);
    await startSession({ bus: kit.bus, config, auth, win: fakeWindow() }, load);

    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    await flush();
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual([CALL_FAILED_MESSAGE]);
    expect(shellErrors().map((e) => e.code)).toContain(SHELL_ERRORS.SESSION_FAILED);
    expect(auth.startSignIn).not.toHaveBeenCalled();

    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(auth.startSignIn).toHaveBeenCalledTimes(1);
  });
});
