import { EMPTY_SESSION } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import { greeting } from './greeting';

const signedIn = (firstName: string) => fixtures.session({ profile: { firstName, lastName: 'Doe' } });

describe('greeting (spec §2 Account menu, spec §9 Greeting name length 5)', () => {
  it("reads 'Account' when signed out", () => {
    expect(greeting(EMPTY_SESSION)).toBe('Account');
    expect(greeting(null)).toBe('Account');
  });

  it("truncates 'Alexandra' to the first 5 characters: 'Hi, Alexa...'", () => {
    expect(greeting(signedIn('Alexandra'))).toBe('Hi, Alexa...');
  });

  it('keeps a name of exactly 5 characters whole', () => {
    expect(greeting(signedIn('Chloe'))).toBe('Hi, Chloe...');
  });

  it("keeps a short name whole, '...' appended as the spec words it", () => {
    expect(greeting(signedIn('Sam'))).toBe('Hi, Sam...');
    expect(greeting(signedIn('Jo'))).toBe('Hi, Jo...');
  });

  it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(greeting(signedIn('  Zoë-Élise '))).toBe('Hi, Zoë-É...');
    expect(greeting(signedIn('😀😀😀😀😀😀'))).toBe('Hi, 😀😀😀😀😀...');
  });

  it("falls back to 'Account' when signed in without a first name", () => {
    expect(greeting(fixtures.session({ profile: null }))).toBe('Account');
    expect(greeting(signedIn('   '))).toBe('Account');
  });
});
