import { safeRedirect } from './safeRedirect';

const ORIGIN = 'http://localhost:8080';

describe('spec §4 Verify flow: redirectUrl only to a path on this site (safeRedirect)', () => {
  it.each([
    ['/scene', '/scene'],
    ['/', '/'],
    ['/recipes/maple-salmon?tab=recipe#steps', '/recipes/maple-salmon?tab=recipe#steps'],
    ['/?query=milk&tab=product', '/?query=milk&tab=product'],
    ['/products/milk%20bag', '/products/milk%20bag'],
  ])('accepts the site path %s', (raw, expected) => {
    expect(safeRedirect(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['another origin', 'https://evil.example'],
    ['another origin with path', 'https://evil.example/scene'],
    ['same origin written absolute (not a path)', 'http://localhost:8080/scene'],
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
  ])('refuses %s → /', (_label, raw) => {
    expect(safeRedirect(raw, ORIGIN)).toBe('/');
  });

  it('uses window.location.origin by default', () => {
    expect(safeRedirect('/scene')).toBe('/scene');
    expect(safeRedirect('https://evil.example')).toBe('/');
  });
});
