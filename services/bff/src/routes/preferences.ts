/**
 * The Preferences Centre (spec §2 `/preferences-centre`, §3 Session `subscribed` = flyer or
 * opt-in email subscription, §6 signed-in only): GET / PUT /api/account/preferences. Shopper-authenticated
 * with the same hooks as the account endpoints; every query is scoped by the verified token's uid.
 */
import type { FastifyInstance } from 'fastify';
import { getOrCreateAccount } from '../accounts';
import { shopperOf, type IdTokenVerifier } from '../auth';
import type { Db, Queryable } from '../db';
import { ok } from '../http';
import { signedInBody, signedInOnly, signedInQuery } from './signed-in';

/** Options of {@link preferencesRoutes}. */
export interface PreferencesRoutesOptions {
  db: Db;
  verify: IdTokenVerifier;
}

/** Language of the shopper's emails. */
export type PreferenceLanguage = 'en' | 'fr';

/** `data` of GET / PUT /api/account/preferences. */
export interface Preferences {
  flyerEmail: boolean;
  offersEmail: boolean;
  language: PreferenceLanguage;
}

interface PreferencesRow {
  flyer_email: boolean;
  offers_email: boolean;
  language: PreferenceLanguage;
}

/**
 * The shopper's preferences. No saved row → the defaults `{ flyerEmail: false, offersEmail: false,
 * language: 'en' }`, except that an account already marked `subscribed` (a seeded demo shopper) reads as
 * a flyer subscriber, so the form and the session's `subscribed` agree before the first save.
 */
export async function getPreferences(db: Queryable, uid: string, accountSubscribed: boolean): Promise<Preferences> {
  const { rows } = await db.query<PreferencesRow>('SELECT flyer_email, offers_email, language FROM account_preferences WHERE uid = $1', [uid]);
  const row = rows[0];
  if (!row) return { flyerEmail: accountSubscribed, offersEmail: false, language: 'en' };
  return { flyerEmail: row.flyer_email, offersEmail: row.offers_email, language: row.language };
}

/**
 * Saves the preferences and, in the same transaction, the account's `subscribed` (flyerEmail or
 * offersEmail) — what GET /api/account answers and the shell's session carries.
 */
export async function savePreferences(db: Db, uid: string, p: Preferences): Promise<Preferences> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO account_preferences (uid, flyer_email, offers_email, language, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (uid) DO UPDATE SET flyer_email = $2, offers_email = $3, language = $4, updated_at = now()`,
      [uid, p.flyerEmail, p.offersEmail, p.language],
    );
    await tx.query('UPDATE accounts SET subscribed = $2 WHERE uid = $1', [uid, p.flyerEmail || p.offersEmail]);
    return getPreferences(tx, uid, false);
  });
}

/** Readable reasons of the 400 answers (fastify route config `fieldRules`). */
const FIELD_RULES = {
  'body.flyerEmail': 'must be true or false',
  'body.offersEmail': 'must be true or false',
  'body.language': "must be 'en' or 'fr'",
};

/** Registers GET and PUT /api/account/preferences. */
export async function preferencesRoutes(app: FastifyInstance, { db, verify }: PreferencesRoutesOptions): Promise<void> {
  signedInOnly(app, verify);

  /** GET /api/account/preferences → data `{ flyerEmail, offersEmail, language }` of the token's shopper. */
  app.get('/account/preferences', { schema: { querystring: signedInQuery() } }, async (request) => {
    const account = await getOrCreateAccount(db, shopperOf(request));
    return ok(await getPreferences(db, account.uid, account.subscribed));
  });

  /**
   * PUT /api/account/preferences `{ flyerEmail: boolean, offersEmail: boolean, language: 'en'|'fr' }` (all
   * required) → data = the saved preferences; the account's `subscribed` becomes flyerEmail || offersEmail.
   * → 400 with the reason for a missing, mistyped or unknown field.
   */
  app.put<{ Body: Preferences & { uid?: string } }>(
    '/account/preferences',
    {
      config: { fieldRules: FIELD_RULES },
      schema: {
        body: signedInBody(
          {
            flyerEmail: { type: 'boolean' },
            offersEmail: { type: 'boolean' },
            language: { type: 'string', enum: ['en', 'fr'] },
          },
          ['flyerEmail', 'offersEmail', 'language'],
        ),
      },
    },
    async (request) => {
      const account = await getOrCreateAccount(db, shopperOf(request));
      const { flyerEmail, offersEmail, language } = request.body;
      return ok(await savePreferences(db, account.uid, { flyerEmail, offersEmail, language }), 'Preferences saved');
    },
  );
}
