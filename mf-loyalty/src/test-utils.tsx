import Cookies from 'js-cookie';
import { act } from '@testing-library/react';
import { navigate } from '@storefront/remote-kit';
import type { BffEnvelope, Session } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import type { LoyaltyApi } from './api/loyaltyApi';

/** An envelope (spec §7 "status, code, message, data"). */
export function envelope<T = unknown>(status: 'success' | 'error', code: string | number, message = '', data: T | null = null): BffEnvelope<T> {
  return { status, code, message, data };
}

/** A LoyaltyApi whose every call is a jest mock (default: success with code 200). */
export function fakeApi(over: Partial<Record<keyof LoyaltyApi, jest.Mock>> = {}): { [K in keyof LoyaltyApi]: jest.Mock } {
  const ok = () => jest.fn().mockResolvedValue(envelope('success', 200, 'OK', { transactions: [] }));
  return {
    addCard: ok(), linkAccount: ok(), verifyCode: ok(), resendCode: ok(), historyLite: ok(), transactionHistory: ok(),
    ...over,
  };
}

/** Demo sessions matching the seeded shoppers (services/seed/data/accounts), as the shell publishes them: no id token. */
export const sessions = {
  nora: (): Session => fixtures.session({ uid: 'u-1001', profile: { firstName: 'Nora', lastName: 'Nocard' }, scene: null, cardStatus: null }),
  liam: (): Session => fixtures.session({
    uid: 'u-1002', profile: { firstName: 'Liam', lastName: 'Unlinked' },
    scene: { cardNumber: '6046000000001002', enrollmentStatus: 'ENROLLED', linkedStatus: false, info: null }, cardStatus: 'LP01',
  }),
  lena: (): Session => fixtures.session({
    uid: 'u-1003', profile: { firstName: 'Lena', lastName: 'Linked' },
    scene: { cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } }, cardStatus: 'LP01',
  }),
  gina: (): Session => fixtures.session({
    uid: 'u-1005', scene: { cardNumber: '6046000000001005', enrollmentStatus: 'GHOST', linkedStatus: false, info: null }, cardStatus: 'LP03',
  }),
  olga: (): Session => fixtures.session({
    uid: 'u-1006', scene: { cardNumber: '6046000000001006', enrollmentStatus: 'UNKNOWN', linkedStatus: false, info: null }, cardStatus: 'LP00',
  }),
};

/** Removes every cookie (suppression records). */
export function clearCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

/** Sets the jsdom URL without a reload with the kit's `navigate` (pushState + popstate), inside `act`. */
export function goTo(url: string): void {
  act(() => navigate(url));
}

/** jsdom cannot navigate: stop link clicks from trying (the click handlers still run). */
export function blockLinkNavigation(): () => void {
  const stop = (e: MouseEvent) => { if ((e.target as Element).closest?.('a[href]')) e.preventDefault(); };
  document.addEventListener('click', stop);
  return () => document.removeEventListener('click', stop);
}

/** jsdom has no layout: see tooling/jest/layout.js. */
export { mockLayout } from '@storefront/tooling/jest/layout';
