/**
 * @jest-environment jsdom
 */
/// <reference lib="dom" />
// The add-card screen set (spec §2 Card popups; §5 card number): the frame's form, its validation and
// its side of the postMessage contract, run in jsdom; and the route's answers and headers.
import type http from 'node:http';
import { addCardScreen, addCardScript, ADD_CARD_PATH, withScreenSets } from './add-card';

const STOREFRONT = 'http://localhost:8080';
const WRONG = 'Enter the 16-digit Scene+ card number that starts with 6046. Use digits only; spaces are fine.';

const added: Array<[EventTarget, string, EventListenerOrEventListenerObject]> = [];
let posted: jest.SpyInstance;

/** Renders the frame's body and runs its script, as the browser does in the iframe. */
function openScreen() {
  const html = addCardScreen([STOREFRONT]).html;
  document.body.innerHTML = /<body>([\s\S]*)<script>/.exec(html)![1]!;
  for (const target of [window, document] as EventTarget[]) {
    const original = target.addEventListener.bind(target);
    jest.spyOn(target, 'addEventListener').mockImplementation((type: string, fn: EventListenerOrEventListenerObject | null) => {
      if (!fn) return;
      added.push([target, type, fn]);
      original(type, fn);
    });
  }
  posted = jest.spyOn(window, 'postMessage').mockImplementation(() => undefined);
  new Function(addCardScript([STOREFRONT]))();
}

afterEach(() => {
  for (const [target, type, fn] of added.splice(0)) target.removeEventListener(type, fn);
  jest.restoreAllMocks();
});

const fromParent = (data: unknown, origin = STOREFRONT) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));
const input = () => document.getElementById('card-number') as HTMLInputElement;
const error = () => document.getElementById('card-number-error')!;
const submit = () => (document.getElementById('add-card') as HTMLFormElement).requestSubmit();
const sent = () => posted.mock.calls.map(([message, origin]) => ({ message, origin }));

describe('the add-card screen set in its frame', () => {
  it('is a labelled form: the field named by its label and described by the hint', () => {
    openScreen();
    const label = document.querySelector('label[for="card-number"]')!;
    expect(label.textContent).toBe('Scene+ card number');
    expect(input().getAttribute('aria-describedby')).toBe('card-number-hint');
    expect(document.getElementById('card-number-hint')!.textContent).toBe('The 16-digit number on your card, starting with 6046.');
    expect(error().hidden).toBe(true);
  });

  it('answers screenset/init from the storefront with screenset/ready and its height, to that origin only', () => {
    openScreen();
    fromParent({ type: 'screenset/init' });
    expect(sent()).toEqual([{ message: { type: 'screenset/ready', height: expect.any(Number) }, origin: STOREFRONT }]);
  });

  it('ignores messages from any other origin: no ready, and a submit then goes nowhere', () => {
    openScreen();
    fromParent({ type: 'screenset/init' }, 'https://evil.example');
    input().value = '6046 0000 0000 2000';
    submit();
    expect(posted).not.toHaveBeenCalled();
    expect(error().textContent).toBe('Open this form from the storefront to add your card.');
  });

  it('validates the card number in the frame (§5): empty, wrong prefix, letters, too short → an error, nothing sent', () => {
    openScreen();
    fromParent({ type: 'screenset/init' });
    posted.mockClear();
    for (const [value, message] of [['', 'Enter your Scene+ card number.'], ['5046000000002000', WRONG], ['6046abcd00002000', WRONG], ['604600000000200', WRONG]]) {
      input().value = value!;
      submit();
      expect(error().textContent).toBe(message);
      expect(error().hidden).toBe(false);
      expect(input().getAttribute('aria-invalid')).toBe('true');
      expect(input().getAttribute('aria-describedby')).toBe('card-number-hint card-number-error');
      expect(document.activeElement).toBe(input());
    }
    expect(sent().filter((s) => (s.message as { type: string }).type === 'screenset/submit')).toEqual([]);
  });

  it('a valid number (spaces allowed) → screenset/submit with the 16 digits; busy until screenset/result', () => {
    openScreen();
    fromParent({ type: 'screenset/init' });
    input().value = ' 6046 0000 0000 2000 ';
    submit();
    expect(sent()).toContainEqual({ message: { type: 'screenset/submit', cardNumber: '6046000000002000' }, origin: STOREFRONT });
    const button = document.getElementById('add-card-submit') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Adding card…');
    fromParent({ type: 'screenset/result', ok: false, message: 'This Scene+ card cannot be added to your account' });
    expect(button.disabled).toBe(false);
    expect(error().textContent).toBe('This Scene+ card cannot be added to your account');
    submit();
    fromParent({ type: 'screenset/result', ok: true, message: 'ok' });
    expect(document.getElementById('add-card-status')!.textContent).toBe('Your Scene+ card was added.');
    expect(input().hasAttribute('aria-invalid')).toBe(false);
  });

  it('a result from another origin is ignored', () => {
    openScreen();
    fromParent({ type: 'screenset/init' });
    input().value = '6046000000002000';
    submit();
    fromParent({ type: 'screenset/result', ok: false, message: 'forged' }, 'https://evil.example');
    expect(error().textContent).toBe('');
    expect((document.getElementById('add-card-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Cancel' and Escape send screenset/cancel", () => {
    openScreen();
    fromParent({ type: 'screenset/init' });
    posted.mockClear();
    (document.getElementById('add-card-cancel') as HTMLButtonElement).click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(sent()).toEqual([
      { message: { type: 'screenset/cancel' }, origin: STOREFRONT },
      { message: { type: 'screenset/cancel' }, origin: STOREFRONT },
    ]);
  });
});

describe(`GET ${ADD_CARD_PATH}`, () => {
  function call(method: string, url: string) {
    const headers: Record<string, string | string[]> = {};
    const res = {
      statusCode: 0,
      body: undefined as string | undefined,
      setHeader(name: string, value: string | string[]) { headers[name.toLowerCase()] = value; },
      end(body?: string) { this.body = body; },
    };
    const next = jest.fn().mockResolvedValue(false);
    const route = withScreenSets(next, { origin: STOREFRONT });
    return route({ method, url } as http.IncomingMessage, res as unknown as http.ServerResponse).then((handled) => ({ handled, res, headers, next }));
  }

  it('serves the page with a CSP that lets only the storefront frame it and runs only its own script', async () => {
    const { handled, res, headers } = await call('GET', `${ADD_CARD_PATH}?lang=en`);
    expect(handled).toBe(true);
    expect(res.statusCode).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<label for="card-number">Scene+ card number</label>');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${STOREFRONT}`);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("default-src 'none'");
    expect(headers['x-frame-options']).toBeUndefined();
  });

  it('other methods → 405 with a reason; other screen sets → 404; other paths go on', async () => {
    const post = await call('POST', ADD_CARD_PATH);
    expect(post.res.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.res.body).toMatch(/is not allowed/);
    expect((await call('GET', '/screens/other')).res.statusCode).toBe(404);
    const other = await call('GET', '/interaction/abc');
    expect(other.handled).toBe(false);
    expect(other.next).toHaveBeenCalled();
  });
});
