import { distanceLabel, formatDistanceKm } from './distance';

describe('spec §2 /store-locator: distance in km', () => {
  it.each([
    [0, '0.0 km'],
    [49, '0.0 km'],
    [640, '0.6 km'],
    [2349, '2.3 km'],
    [9_949, '9.9 km'],
    [10_000, '10 km'],
    [153_420, '153 km'],
    [1_204_400, '1,204 km'],
  ])('%i m → %s', (m, text) => {
    expect(formatDistanceKm(m)).toBe(text);
  });

  it('is empty for unknown or invalid distances', () => {
    expect(formatDistanceKm(null)).toBe('');
    expect(formatDistanceKm(undefined)).toBe('');
    expect(formatDistanceKm(Number.NaN)).toBe('');
    expect(formatDistanceKm(-5)).toBe('');
  });

  it('spells it out for screen readers', () => {
    expect(distanceLabel(2349)).toBe('2.3 kilometres away');
    expect(distanceLabel(null)).toBe('');
  });
});
