-- Issue 14: Scene+ offers of a card, favourite offers of a shopper, offers links (hash) and the record of
-- what the demo seed has inserted. Spec §2 /offers?hash=, /favourites; §3 Offer, Offer collections,
-- Favourites, Load-offer item; §4 Offers; §6 "the hash link gives view access to the offers of a card
-- without login"; §7 "Offer and cart operations"; §8 expired hash link.
-- Rows for the demo cards are inserted by src/seed.ts (seedOffers) after migrations, once per database.

-- One offer made to one card. Offer ids are per card: (card_number, offer_id) is the key, and every read or
-- change names the card it reaches through the caller's own account (or a valid link).
-- state: 'pending' (not loaded), 'loaded' (on the card: active while live), 'redeemed'. The collection is
-- derived at read time: redeemed → redeemedOffers; end_date passed → expiredOffers; loaded → activeOffers;
-- else pendingOffers. Only offers whose banner_ind contains 'B' can be loaded (spec §4, §5).
CREATE TABLE card_offers (
  card_number text NOT NULL REFERENCES scene_cards (card_number),
  offer_id text NOT NULL CHECK (offer_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  offer_type smallint NOT NULL CHECK (offer_type BETWEEN 11 AND 27),
  banner_ind text NOT NULL CHECK (banner_ind ~ '^[A-Z]{1,8}$'),
  banner text NOT NULL CHECK (banner IN ('standard', 'coop')),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'loaded', 'redeemed')),
  end_date timestamptz NOT NULL,
  -- The API's Offer object (spec §3) in English and in French (they differ in `description` only), each
  -- without `loaded` and WITHOUT ITS CLOSING BRACE: JSON text made once by the database when the offer is
  -- inserted (src/offers.ts insertOffers). A read appends ',"loaded":true}' or ',"loaded":false}', so reading
  -- 200 offers builds and escapes nothing. Fields: offerId, offer_id, id, uid, offerType, bannerInd, banner,
  -- offer_description, imageName, endDate, points, offerIconText1..3, bonusMultiplier, category,
  -- articleNumbers, description. Offers never change after they are made except for state, which is not in it.
  json_head_en text NOT NULL CHECK (left(json_head_en, 1) = '{'),
  json_head_fr text NOT NULL CHECK (left(json_head_fr, 1) = '{'),
  loaded_at timestamptz,
  loaded_channel text CHECK (loaded_channel IN ('web', 'mobile')),
  PRIMARY KEY (card_number, offer_id)
);

-- A card's offers are read all at once (up to a few hundred), in endDate order: one index range scan.
CREATE INDEX card_offers_card_end_idx ON card_offers (card_number, end_date, offer_id);

-- A shopper's favourite offers (spec §3 Favourites: favouriteOffers and basketBuilderOffers), per uid, each
-- an offer of the shopper's card. Redeemed or expired ones are deleted when favourites are read (spec §4).
CREATE TABLE offer_favourites (
  uid text NOT NULL CHECK (char_length(uid) BETWEEN 1 AND 255),
  card_number text NOT NULL,
  offer_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('favourite', 'basketBuilder')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (uid, card_number, offer_id),
  FOREIGN KEY (card_number, offer_id) REFERENCES card_offers (card_number, offer_id) ON DELETE CASCADE
);

-- Offers links (spec §2 /offers?hash=…, §7 "Validate a hash to a card number"): view access to one card's
-- offers without signing in until expires_at. Only the SHA-256 of the hash is stored (32 bytes): a copy of
-- the table does not give working links, and a lookup is an index probe on the digest.
CREATE TABLE offer_links (
  hash_sha256 bytea PRIMARY KEY CHECK (octet_length(hash_sha256) = 32),
  card_number text NOT NULL REFERENCES scene_cards (card_number),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX offer_links_card_idx ON offer_links (card_number);

-- What the demo seed has inserted ('offers:<card number>', 'favourites:<uid>'): each part is seeded once per
-- database, so offers a shopper loaded and favourites they removed stay that way across restarts.
CREATE TABLE demo_seeds (
  key text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
