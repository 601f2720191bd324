-- Issue 16: the shopper's Preferences Centre (/preferences-centre; spec §2 Routes, §3 Session
-- "subscribed (flyer or opt-in email subscription)"). One row per shopper once they save; until then
-- GET /api/account/preferences answers the defaults (see src/routes/preferences.ts).
CREATE TABLE account_preferences (
  uid text PRIMARY KEY,
  flyer_email boolean NOT NULL DEFAULT false,
  offers_email boolean NOT NULL DEFAULT false,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
