import { padStoreNumber, quoteRequested, urlWithoutStoreParam } from './storeNumber';

describe('set_preferred_store_number (spec §5: left-padded with zeros to 4)', () => {
  it.each([['42', '0042'], ['7', '0007'], ['0', '0000'], ['123', '0123'], ['3299', '3299'], ['0042', '0042']])('%s → %s', (raw, padded) => {
    expect(padStoreNumber(raw)).toBe(padded);
  });

  it.each(['', ' 42', '42 ', '4a', 'abc', '12345', '-42', '+42', '4.2', '٤٢', '0x2A', '42%00'])('refuses %j', (raw) => {
    expect(padStoreNumber(raw)).toBeNull();
  });

  it('quotes a refused value briefly, without control characters', () => {
    expect(quoteRequested('abc')).toBe('abc');
    expect(quoteRequested('a\u0000b\u202Ec')).toBe('abc');
    expect(quoteRequested('1234567890123456')).toBe('123456789012…');
  });

  it('removes only the parameter from the URL', () => {
    expect(urlWithoutStoreParam('/flyer', '?set_preferred_store_number=42', '')).toBe('/flyer');
    expect(urlWithoutStoreParam('/flyer', '?a=1&set_preferred_store_number=42&b=2', '#p3')).toBe('/flyer?a=1&b=2#p3');
  });
});
