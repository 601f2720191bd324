import { lastFour, maskCardNumber, validateCardNumber } from './cardNumber';

describe('add-card validation: 16 digits starting 6046, spaces allowed', () => {
  it.each(['6046000000002000', '6046 0000 0000 2000', ' 6046 0000 0000 2000 '])('accepts %p', (input) => {
    expect(validateCardNumber(input)).toEqual({ ok: true, cardNumber: '6046000000002000' });
  });
  it('empty → asks for the number', () => {
    expect(validateCardNumber('  ')).toEqual({ ok: false, error: 'Enter your Scene+ card number.' });
  });
  it.each(['604600000000200', '60460000000020001', '5046000000002000', '6046-0000-0000-2000', '6046abcd00002000'])('refuses %p', (input) => {
    expect(validateCardNumber(input)).toEqual({ ok: false, error: 'Enter the 16-digit Scene+ card number that starts with 6046. Use digits only; spaces are fine.' });
  });
  it('masks all but the last 4 digits', () => {
    expect(maskCardNumber('6046000000001003')).toBe('•••• •••• •••• 1003');
    expect(lastFour('6046 0000 0000 1003')).toBe('1003');
  });
});
