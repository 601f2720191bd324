import { MAX_RETURN_PATH_LENGTH, isSafeHttpUrl, safeReturnPath } from './safe-url';

const ORIGIN = 'http://localhost:8080';

describe('safeReturnPath: only a path on this site (mf-loyalty, mf-search, shell, identity rules)', () => {
  it.each([
    ['/scene', '/scene'],
    ['/', '/'],
    ['/recipes/maple-salmon?tab=recipe#steps', '/recipes/maple-salmon?tab=recipe#steps'],
    ['/?query=milk&tab=product', '/?query=milk&tab=product'],
    ['/?query=milk', '/?query=milk'],
    ['/stores/x#top', '/stores/x#top'],
    ['/products/milk%20bag', '/products/milk%20bag'],
    ['/?query=milk bag', '/?query=milk%20bag'],
    ['/stores/caf%C3%A9', '/stores/caf%C3%A9'],
    ['/a/../scene', '/scene'],
    ['/?next=//evil', '/?next=//evil'],
  ])('accepts the site path %p → %p', (raw, expected) => {
    expect(safeReturnPath(raw, { origin: ORIGIN })).toBe(expected);
  });

  it.each([
    ['missing (null)', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an object', { toString: () => '/scene' }],
    ['empty', ''],
    ['relative path', 'scene'],
    ['dot relative', './scene'],
    ['another origin', 'https://evil.example'],
    ['another origin with path', 'https://evil.example/scene'],
    ['same origin written absolute (not allowed by default)', 'http://localhost:8080/scene'],
    ['javascript: scheme', 'javascript:alert(1)'],
    ['mixed-case JaVaScRiPt:', 'JaVaScRiPt:alert(1)'],
    ['leading-space javascript:', ' javascript:alert(1)'],
    ['javascript: with tab', 'java\tscript:alert(1)'],
    ['data: scheme', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript: scheme', 'vbscript:msgbox(1)'],
    ['file: scheme', 'file:///etc/passwd'],
    ['protocol-relative', '//evil'],
    ['protocol-relative with path', '//evil.example/scene'],
    ['triple slash', '///evil.example'],
    ['backslash', '/\\evil'],
    ['double backslash', '\\\\evil'],
    ['backslash later in the path', '/a\\b'],
    ['tab inside (browsers drop it → //evil)', '/\t/evil'],
    ['newline inside', '/\n/evil'],
    ['carriage return inside', '/\r/evil'],
    ['NUL', '/scene\u0000'],
    ['DEL', '/sc\u007fene'],
    ['C1 control', '/sc\u0085ene'],
    ['leading space', ' //evil'],
    ['leading space before a path', ' /scene'],
    ['trailing space', '/scene '],
    ['trailing newline', '/scene\n'],
    ['no-break space', '/\u00a0/evil'],
    ['ideographic space', '/\u3000evil'],
    ['line separator', '/\u2028/evil'],
    ['zero-width space', '/\u200b/evil'],
    ['right-to-left override', '/\u202eevil'],
    ['byte order mark', '\ufeff/scene'],
    ['encoded //', '%2F%2Fevil'],
    ['encoded second slash', '/%2Fevil'],
    ['lower-case encoded second slash', '/%2fevil'],
    ['encoded backslash', '/%5Cevil'],
    ['double-encoded second slash', '/%252Fevil'],
    ['triple-encoded second slash', '/%25252Fevil'],
    ['encoded tab', '/%09/evil'],
    ['encoded newline', '/%0A/evil'],
    ['encoded NUL', '/scene%00'],
    ['encoded javascript:', '%6A%61%76%61%73%63%72%69%70%74:alert(1)'],
    ['malformed escape', '/%E0%A4%A'],
    ['lone percent', '/100%'],
    ['decoding never settles (6 rounds)', `/${'%25'.repeat(1)}252525252F`],
    ['dot segments resolving to //evil', '/..//evil'],
    ['single-dot segment resolving to //evil', '/.//evil'],
    ['encoded dot segments resolving to //evil', '/%2e%2e//evil'],
    ['encoded dot segment, encoded slash', '/%2E/%2Fevil'],
    ['userinfo-looking path', '//user@evil.example'],
    ['overly long', `/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`],
  ])('refuses %s → /', (_label, raw) => {
    expect(safeReturnPath(raw, { origin: ORIGIN })).toBe('/');
  });

  it('uses the given fallback (also null, so refusals can be told apart)', () => {
    expect(safeReturnPath('//evil', { origin: ORIGIN, fallback: '/home' })).toBe('/home');
    expect(safeReturnPath('//evil', { origin: ORIGIN, fallback: null })).toBeNull();
    expect(safeReturnPath(undefined, { fallback: null })).toBeNull();
    expect(safeReturnPath('/scene', { origin: ORIGIN, fallback: null })).toBe('/scene');
  });

  it('uses location.origin by default (jsdom: http://localhost)', () => {
    expect(safeReturnPath('/scene')).toBe('/scene');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('http://localhost/scene', { allowAbsolute: true })).toBe('/scene');
  });

  it('honours maxLength', () => {
    expect(safeReturnPath('/abcdef', { origin: ORIGIN, maxLength: 5 })).toBe('/');
    expect(safeReturnPath(`/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 1)}`, { origin: ORIGIN })).toHaveLength(MAX_RETURN_PATH_LENGTH);
  });

  it('refuses excluded paths with or without query and hash (the shell\'s OIDC callback)', () => {
    const exclude = ['/auth/callback'];
    expect(safeReturnPath('/auth/callback', { origin: ORIGIN, exclude })).toBe('/');
    expect(safeReturnPath('/auth/callback?code=1', { origin: ORIGIN, exclude })).toBe('/');
    expect(safeReturnPath('/auth/callback#x', { origin: ORIGIN, exclude })).toBe('/');
    expect(safeReturnPath('/auth/./callback?code=1', { origin: ORIGIN, exclude })).toBe('/');
    expect(safeReturnPath('/auth/callbacks', { origin: ORIGIN, exclude })).toBe('/auth/callbacks');
  });

  it('refuses everything when the origin is not an http(s) origin', () => {
    expect(safeReturnPath('/scene', { origin: 'not a url' })).toBe('/');
    expect(safeReturnPath('/scene', { origin: 'file:///tmp' })).toBe('/');
  });

  describe('allowAbsolute (identity return_to, mf-search redirect cards)', () => {
    const opts = { origin: 'https://shop.example', allowAbsolute: true, fallback: null };
    it.each([
      ['/flyer', '/flyer'],
      ['/offers?week=2#top', '/offers?week=2#top'],
      ['https://shop.example/scene', '/scene'],
      ['https://shop.example', '/'],
      ['HTTPS://SHOP.EXAMPLE/scene', '/scene'],
      ['https://shop.example:443/scene', '/scene'],
      ['https://shop.example/?query=milk', '/?query=milk'],
    ])('accepts %p → %p', (raw, expected) => {
      expect(safeReturnPath(raw, opts)).toBe(expected);
    });
    it.each([
      ['another origin', 'https://evil.example/steal'],
      ['scheme differs', 'http://shop.example/flyer'],
      ['port differs', 'https://shop.example:8443/flyer'],
      ['subdomain', 'https://evil.shop.example/'],
      ['suffix domain', 'https://shop.example.evil.example/'],
      ['userinfo', 'https://shop.example@evil.example/'],
      ['userinfo on our host', 'https://user:pass@shop.example/'],
      ['backslash authority', 'https://shop.example\\@evil.example/'],
      ['backslash after scheme', 'https:\\\\evil.example'],
      ['scheme without slashes', 'https:evil.example'],
      ['single slash', 'https:/evil.example'],
      ['tab inside scheme', 'ht\ttps://shop.example/'],
      ['leading space', ' https://shop.example/'],
      ['protocol-relative', '//evil.example/steal'],
      ['javascript:', 'javascript:alert(1)'],
      ['leading-space JaVaScRiPt:', ' JaVaScRiPt:alert(1)'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['relative', 'flyer'],
      ['encoded // in the path of an absolute URL', 'https://shop.example/%2F%2Fevil'],
      ['dot segments to //evil in an absolute URL', 'https://shop.example/..//evil'],
      ['empty', ''],
      ['not a string', 42],
    ])('refuses %s', (_label, raw) => {
      expect(safeReturnPath(raw, opts)).toBeNull();
    });
  });
});

describe('isSafeHttpUrl: external http(s) links only', () => {
  it.each([
    'https://www.example.com/register',
    'http://localhost:4100/signup?return_to=%2F',
    'https://flyer.example/publication/1#page=2',
    'HTTPS://EXAMPLE.COM/',
  ])('accepts %p', (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
  });

  it.each([
    ['not a string', 42],
    ['null', null],
    ['empty', ''],
    ['relative path', '/scene'],
    ['protocol-relative', '//evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with a fake http in it', 'javascript://https://x.example/%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://example.com/x'],
    ['blob:', 'blob:https://example.com/uuid'],
    ['no host', 'https:///path'],
    ['scheme without slashes', 'https:example.com'],
    ['backslash', 'https:\\\\evil.example'],
    ['backslash in the path', 'https://example.com\\@evil.example'],
    ['userinfo', 'https://shop.example@evil.example/'],
    ['leading space', ' https://example.com'],
    ['trailing space', 'https://example.com '],
    ['space inside', 'https://exa mple.com'],
    ['tab inside', 'ht\ttps://example.com'],
    ['newline inside', 'https://example.com/\nx'],
    ['zero-width space', 'https://exa\u200bmple.com'],
    ['malformed', 'https://exa<>mple..com:99999'],
    ['overly long', `https://example.com/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`],
  ])('refuses %s', (_label, url) => {
    expect(isSafeHttpUrl(url)).toBe(false);
  });

  it('checks allowedOrigins exactly (scheme, host, port)', () => {
    const allowedOrigins = ['https://flyer.example', 'http://localhost:4200/'];
    expect(isSafeHttpUrl('https://flyer.example/p/1', { allowedOrigins })).toBe(true);
    expect(isSafeHttpUrl('http://localhost:4200/x', { allowedOrigins })).toBe(true);
    expect(isSafeHttpUrl('http://flyer.example/p/1', { allowedOrigins })).toBe(false);
    expect(isSafeHttpUrl('https://flyer.example:8443/p/1', { allowedOrigins })).toBe(false);
    expect(isSafeHttpUrl('https://evil.flyer.example/', { allowedOrigins })).toBe(false);
    expect(isSafeHttpUrl('https://flyer.example.evil.example/', { allowedOrigins })).toBe(false);
    expect(isSafeHttpUrl('https://flyer.example/', { allowedOrigins: [] })).toBe(false);
  });
});
