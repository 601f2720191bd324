import { DAY_MS, isSuppressed, nextRecord, parseRecord } from './suppression';

const T0 = Date.UTC(2026, 0, 10, 9, 30);

describe('spec §4 Suppression: isSuppressed (pure)', () => {
  it('no record → not suppressed', () => {
    expect(isSuppressed(null, T0)).toBe(false);
    expect(isSuppressed(undefined, T0)).toBe(false);
  });
  it.each([
    [1, 6, true], [1, 7, false],
    [2, 20, true], [2, 21, false],
    [3, 29, true], [3, 30, false],
    [4, 0, true], [4, 10000, true],
  ])('visits %i, %i whole days since lastShown → suppressed %s', (visits, days, expected) => {
    expect(isSuppressed({ lastShown: T0, visits, suppressType: 'soft' }, T0 + days * DAY_MS)).toBe(expected);
  });
  it('counts whole days: 7 days minus 1 ms is 6 days', () => {
    expect(isSuppressed({ lastShown: T0, visits: 1, suppressType: 'soft' }, T0 + 7 * DAY_MS - 1)).toBe(true);
  });
  it('nextRecord counts visits and stamps lastShown', () => {
    const first = nextRecord(null, 'soft', T0);
    expect(first).toEqual({ lastShown: T0, visits: 1, suppressType: 'soft' });
    expect(nextRecord(first, 'hard', T0 + 5)).toEqual({ lastShown: T0 + 5, visits: 2, suppressType: 'hard' });
  });
  it('malformed cookie values read as no record', () => {
    expect(parseRecord('{')).toBeNull();
    expect(parseRecord(JSON.stringify({ lastShown: 'x', visits: 1, suppressType: 'soft' }))).toBeNull();
    expect(parseRecord(JSON.stringify({ lastShown: 1, visits: 1, suppressType: 'later' }))).toBeNull();
    expect(parseRecord(undefined)).toBeNull();
  });
});
