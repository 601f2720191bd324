-- Issue 13: the signed-in shopper's shopping list, applied anonymous-list merges and carts.
-- Spec §3 Shopping list, §4 "Shopping list and cart", §5 (only quantity > 0 and a non-empty item_id
-- are shown), §7 "Add or update list to cart (userToken, items, storeId); get cart", §9 (100 per page).
-- The demo shoppers' lists are inserted by src/seed.ts (seedShoppingLists) after migrations.

-- ISO 8601 text of a timestamptz in UTC with milliseconds ('2026-01-05T15:00:00.000Z', the form of
-- JavaScript's toISOString), as the API answers timestamps. IMMUTABLE so that stored generated columns can
-- use it: the result depends on its argument only (fixed zone UTC, no locale-dependent pattern).
CREATE FUNCTION iso_utc(timestamptz) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT to_char($1 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- One row per item of a shopper's list; uid = the OIDC `sub`. item_id is articleNumber_uom_storeId for a
-- product (product_type 'product' or 'flyer'), custom_<8-64 letters, digits, hyphens> for a custom item
-- (product_type 'Custom', meta holds its name). The checks mirror the API's validation, so a row that the
-- storefront would not show (quantity 0, empty item_id) can never be stored.
CREATE TABLE shopping_list_items (
  uid text NOT NULL CHECK (char_length(uid) BETWEEN 1 AND 255),
  item_id text NOT NULL CHECK (item_id ~ '^([0-9A-Za-z]{1,20}_(EA|G|KG|L|ML|LB)_[0-9]{4}|custom_[A-Za-z0-9-]{8,64})$'),
  product_type text NOT NULL CHECK (product_type IN ('product', 'flyer', 'Custom')),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 999),
  checked boolean NOT NULL DEFAULT false,
  meta jsonb CHECK (meta IS NULL OR jsonb_typeof(meta) = 'object'),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- The API's text of the two timestamps, kept by the database: reading 1,000 items formats no date.
  created_iso text GENERATED ALWAYS AS (iso_utc(created_at)) STORED,
  updated_iso text GENERATED ALWAYS AS (iso_utc(updated_at)) STORED,
  PRIMARY KEY (uid, item_id),
  CHECK ((product_type = 'Custom') = (item_id LIKE 'custom\_%'))
);

-- The list is read oldest first, (created_at, item_id), one shopper at a time: an index scan in that order.
CREATE INDEX shopping_list_items_uid_created_idx ON shopping_list_items (uid, created_at, item_id);

-- Anonymous lists merged into an account (POST /api/shopping-list/merge), one row per (shopper, mergeId)
-- with its answer: a replayed mergeId adds nothing and answers the same counts.
CREATE TABLE shopping_list_merges (
  uid text NOT NULL,
  merge_id uuid NOT NULL,
  added integer NOT NULL CHECK (added >= 0),
  updated integer NOT NULL CHECK (updated >= 0),
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, merge_id)
);

-- A shopper's cart at one store: items is a JSON array of { item_id, quantity (1-999) } in the order given.
CREATE TABLE carts (
  uid text NOT NULL CHECK (char_length(uid) BETWEEN 1 AND 255),
  store_id text NOT NULL CHECK (store_id ~ '^[0-9]{4}$'),
  items jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(items) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (uid, store_id)
);
