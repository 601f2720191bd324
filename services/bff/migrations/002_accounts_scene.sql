-- Issue 3: shopper accounts, the Scene+ stand-in (card records, transactions, verification codes) and
-- recent searches. Spec §3 Session / Scene / Recent search, §4 Verify flow, §7 account and Scene+ calls.
-- Rows for the demo shoppers and cards are inserted by src/seed.ts after migrations (idempotent).

-- One row per signed-in shopper; uid = the OIDC `sub`. Created from id-token claims on first use.
CREATE TABLE accounts (
  uid text PRIMARY KEY,
  email text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  card_number text UNIQUE CHECK (card_number ~ '^[0-9]{16}$'),
  preferred_store_id text CHECK (preferred_store_id ~ '^[0-9]{4}$'),
  subscribed boolean NOT NULL DEFAULT false,
  -- true: /api/services/* answer code 439 (spec §4 "session problem"); demo shopper u-1009.
  session_problem boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Scene+ stand-in card records. status LP00-LP03 (spec §4); link_outcome is what linkAccount answers
-- (200 = success, else a spec §8 code); amounts in integer cents.
CREATE TABLE scene_cards (
  card_number text PRIMARY KEY CHECK (card_number ~ '^[0-9]{16}$'),
  owner_uid text UNIQUE,
  status text NOT NULL CHECK (status IN ('LP00', 'LP01', 'LP02', 'LP03')),
  linked boolean NOT NULL DEFAULT false,
  enrollment_status text NOT NULL,
  point_balance integer NOT NULL DEFAULT 0,
  dollar_value_cents integer NOT NULL DEFAULT 0,
  link_outcome integer NOT NULL DEFAULT 200,
  link_message text
);

-- Points activity of a card (historyLite: latest 5; transactionHistory: a date window of at most 180 days).
CREATE TABLE transactions (
  id serial PRIMARY KEY,
  card_number text NOT NULL REFERENCES scene_cards (card_number),
  occurred_on date NOT NULL,
  description text NOT NULL,
  points integer NOT NULL,
  store_number text
);

CREATE INDEX transactions_card_date_idx ON transactions (card_number, occurred_on DESC, id DESC);

-- Pending link verification per shopper (spec §4 Verify flow): code valid until expires_at (900 s);
-- sent_at gates resends (30 s); attempts counts wrong codes (5 wrong ones drop the verification).
CREATE TABLE verifications (
  uid text PRIMARY KEY,
  code text NOT NULL,
  expires_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0
);

-- Spec §3 Recent search {id, label}; at most 10 per shopper, one per label (case-insensitive).
CREATE TABLE recent_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uid text NOT NULL,
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE UNIQUE INDEX recent_searches_uid_label_idx ON recent_searches (uid, lower(label));
CREATE INDEX recent_searches_uid_created_idx ON recent_searches (uid, created_at DESC);
