-- x-nonce values already used (spec §7 "nonce"; src/nonces.ts), when REDIS_URL is not set: a nonce is
-- single-use per shopper while the id token it came with is valid. Expired rows count as absent and
-- are pruned.
CREATE TABLE seen_nonces (
  uid text NOT NULL,
  nonce text NOT NULL CHECK (length(nonce) BETWEEN 8 AND 128),
  -- the request that spent it (method, URL, Idempotency-Key): the same request again is a retry
  request text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (uid, nonce)
);
CREATE INDEX seen_nonces_expires_at ON seen_nonces (expires_at);
