/**
 * Loyalty: the account, its card, profile preferences and the Scene+ services (BFF docs/api.md
 * "GET /api/account" … "Scene+ stand-in"; spec §3 Session, Scene; §4 Verify flow; §7). Paths under `/api`.
 * Scene+ outcomes (card status, link codes, 439) come as HTTP 200 envelopes with `status: 'error'`:
 * parse `data` only on success.
 */
import * as z from 'zod/mini';
import { cardNumberInputSchema, isoDateSchema, storeNumberSchema } from './common';
import { cardStatusSchema } from '../entities';

/** `GET /account` data (also `POST /account/card`). `cardNumber` 16 digits or null. */
export const accountDataSchema = z.object({
  uid: z.string(),
  email: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  cardNumber: z.nullable(z.string()),
  preferredStoreId: z.nullable(storeNumberSchema),
  subscribed: z.boolean(),
});
export type AccountData = z.infer<typeof accountDataSchema>;

/** `POST /account/card` body: 16 digits, spaces allowed. */
export const addCardBodySchema = z.strictObject({ cardNumber: cardNumberInputSchema });

/** `POST /account/signed-token` body (firstName 1–50 characters). */
export const signedTokenBodySchema = z.strictObject({
  cardNumber: cardNumberInputSchema,
  firstName: z.string().check(z.minLength(1), z.maxLength(50)),
});
/** `POST /account/signed-token` and `POST /generateToken` data: a JWT valid `expiresIn` seconds (300). */
export const signedTokenSchema = z.object({ token: z.string(), expiresIn: z.number() });

export const preferenceLanguageSchema = z.enum(['en', 'fr']);
export type PreferenceLanguage = z.infer<typeof preferenceLanguageSchema>;
/** `GET` / `PUT /account/preferences` data and the `PUT` body (all three required). */
export const preferencesSchema = z.strictObject({
  flyerEmail: z.boolean(),
  offersEmail: z.boolean(),
  language: preferenceLanguageSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** `POST /services/Inquire` data (also `verifyCode` on success); `dollarValue` in cents. */
export const inquireDataSchema = z.object({
  cardNumber: z.string(),
  cardStatus: cardStatusSchema,
  enrollmentStatus: z.string(),
  linkedStatus: z.boolean(),
  info: z.object({ pointBalance: z.number(), dollarValue: z.number() }),
});
export type InquireData = z.infer<typeof inquireDataSchema>;

/** `POST /services/linkAccount` and `resendCode` data on success: seconds the code lives / until a resend. */
export const verificationSentSchema = z.object({ expiresIn: z.number(), resendIn: z.number() });
/** `POST /services/verifyCode` body: the 6-digit code. */
export const verifyCodeBodySchema = z.strictObject({ code: z.string().check(z.regex(/^\d{6}$/)) });

/** One transaction: `date` YYYY-MM-DD, `points` signed (< 0 = redemption). */
export const transactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  points: z.number(),
  storeNumber: z.optional(z.nullable(z.string())),
});
export type Transaction = z.infer<typeof transactionSchema>;
/** `POST /services/historyLite` (latest 5) and `transactionHistory` data, newest first. */
export const transactionsDataSchema = z.object({ transactions: z.array(transactionSchema) });
export type TransactionsData = z.infer<typeof transactionsDataSchema>;
/** What `transactionHistory`'s `data` field encodes (base64 JSON): at most 180 days, inclusive. */
export const historyRequestSchema = z.strictObject({
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  enrollmentStatus: z.string().check(z.minLength(1), z.maxLength(32)),
});
export type HistoryRequest = z.infer<typeof historyRequestSchema>;
/** `POST /services/transactionHistory` body: `data` = base64(JSON of {@link historyRequestSchema}). */
export const transactionHistoryBodySchema = z.strictObject({ data: z.string().check(z.regex(/^[A-Za-z0-9+/_-]+=*$/)) });
/** Body of `Inquire`, `historyLite`, `linkAccount`, `resendCode`: `{}`. */
export const emptyBodySchema = z.strictObject({});
