import { addCardMessage, EXCEPTION_MESSAGE, linkAccountMessage, verifyMessage } from './messages';

describe('spec §8 Error catalogue: link-account messages', () => {
  it.each(['6001', '100', '401', '504', '500'])('%s → the generic message with the support phone and the code', (code) => {
    expect(linkAccountMessage(code, 'ignored')).toBe(
      `The request could not be completed. Please try again. If you are still experiencing issues, please contact us at 1-866-586-2805 for support. (${code})`,
    );
  });
  it('numeric codes are matched as well as strings', () => {
    expect(linkAccountMessage(504, '')).toMatch(/\(504\)$/);
  });
  it('6002', () => {
    expect(linkAccountMessage(6002, 'x')).toBe('Ensure a valid email is on the Scene+ account and contact support (6002).');
  });
  it('6101', () => {
    expect(linkAccountMessage(6101, 'x')).toBe('There is an issue linking this card, contact us (6101).');
  });
  it.each([6103, 6104])('%s', (code) => {
    expect(linkAccountMessage(code, 'x')).toBe('There is an issue with the Scene+ account, contact support.');
  });
  it('6105', () => {
    expect(linkAccountMessage(6105, 'x')).toBe('The card is not registered; complete registration.');
  });
  it('any other code → the server message with a trailing period', () => {
    expect(linkAccountMessage(7777, 'This card is on hold')).toBe('This card is on hold.');
  });
  it('a server message that already ends a sentence is not given a second period', () => {
    expect(linkAccountMessage(7777, 'This card is on hold.')).toBe('This card is on hold.');
  });
  it("an empty server message falls back to the exception message", () => {
    expect(linkAccountMessage(7777, '')).toBe(EXCEPTION_MESSAGE);
  });
  it("exception during a call: 'Something went wrong. please try later.'", () => {
    expect(EXCEPTION_MESSAGE).toBe('Something went wrong. please try later.');
  });
});

describe('add-card and verify messages', () => {
  it('CARD_UNAVAILABLE (unknown or taken: one answer) gets the spec §8 card-number text with the support phone', () => {
    expect(addCardMessage('CARD_UNAVAILABLE', 'x')).toBe('Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.');
  });
  it('verify codes', () => {
    expect(verifyMessage('INVALID_CODE', 'x')).toBe('That code is not correct. Check the code and try again.');
    expect(verifyMessage('CODE_EXPIRED', 'x')).toBe('Your code has expired. Send a new code and try again.');
    expect(verifyMessage('RESEND_TOO_SOON', 'x')).toBe('Please wait before asking for a new code.');
  });
});
