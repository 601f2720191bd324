-- Idempotency-Key of write requests (src/idempotency.ts): the first request with a key for an owner
-- reserves the row (status NULL), its answer is stored when sent, and a retry with the same key gets that
-- answer back without applying the write again. Rows older than 24 h are pruned.
CREATE TABLE idempotency_keys (
  owner text NOT NULL,                -- 'uid:<sub>' of a signed-in shopper, else 'ip:<client address>'
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 128),
  method text NOT NULL,
  path text NOT NULL,                 -- the URL path, without the query string
  fingerprint text NOT NULL,          -- SHA-256 (hex) of the query and the parsed body: same key, other request → 422
  claim uuid NOT NULL,                -- the request holding the reservation (only it stores the answer)
  status int,                         -- NULL while the first request is in progress
  body text,                          -- the answer's JSON text, replayed byte for byte
  headers jsonb,                      -- content-type, set-cookie, location of the answer
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
