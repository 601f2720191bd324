/**
 * Typed loaders for the committed demo accounts (`services/seed/data/accounts/*.json`): the demo shoppers
 * (read by services/identity for sign-in and services/bff for account rows) and the Scene+ stand-in card
 * records (read by services/bff). Spec §4 (every card-popup branch reachable), §8 (every link-account code).
 */
import { readFileSync } from 'fs';
import path from 'path';
import type { AccountData } from 'shared-events/contracts';

/** Card status codes Inquire answers (spec §4): LP00 invalid, LP01 valid, LP02 blocked, LP03 ghost card. */
export type CardStatus = 'LP00' | 'LP01' | 'LP02' | 'LP03';

/**
 * One demo shopper of shoppers.json: the account as the BFF answers it (shared-events/contracts
 * `AccountData`: `uid` is the OIDC `sub`, `cardNumber` the 16-digit Scene+ card or null, `preferredStoreId`
 * a 4-digit store number or null), with the sign-in email always set.
 */
export interface ShopperRecord extends AccountData {
  email: string;
  /** true: the BFF answers code 439 on /api/services/* for this shopper (spec §4). */
  sessionProblem?: boolean;
  /** What signing in as this shopper shows (documentation). */
  shows: string;
}

/** One Scene+ stand-in card record of cards.json. Amounts: dollarValue in cents. */
export interface CardRecord {
  cardNumber: string;
  /** uid of the owning shopper, or null for a card that can be added from the add-card popup. */
  ownerUid: string | null;
  status: CardStatus;
  linked: boolean;
  enrollmentStatus: string;
  pointBalance: number;
  /** Dollar value of the points, integer cents. */
  dollarValue: number;
  /** Code linkAccount answers for this card: 200 success, else a spec §8 link-account code. */
  linkOutcome: number;
  /** Server message for a linkOutcome outside spec §8's table. */
  linkMessage?: string;
}

/** Absolute path of the accounts data folder. */
export const ACCOUNTS_DIR = path.join(__dirname, '../data/accounts');

let shoppers: { password: string; shoppers: ShopperRecord[] } | undefined;
let cards: CardRecord[] | undefined;

/** The demo shoppers (cached; treat as read-only). Their password is {@link loadDemoPassword}. */
export function loadShoppers(): ShopperRecord[] {
  shoppers ??= JSON.parse(readFileSync(path.join(ACCOUNTS_DIR, 'shoppers.json'), 'utf8')) as { password: string; shoppers: ShopperRecord[] };
  return shoppers.shoppers;
}

/** The password shared by every demo shopper ('Groceries!2026'). */
export function loadDemoPassword(): string {
  loadShoppers();
  return shoppers!.password;
}

/** The Scene+ stand-in card records (cached; treat as read-only). */
export function loadCards(): CardRecord[] {
  cards ??= (JSON.parse(readFileSync(path.join(ACCOUNTS_DIR, 'cards.json'), 'utf8')) as { cards: CardRecord[] }).cards;
  return cards;
}
