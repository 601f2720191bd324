-- Cookie sessions at the BFF (OAuth 2.0 for Browser-Based Apps, BFF pattern; src/session.ts): the
-- browser holds only an HttpOnly cookie, the tokens live here so any replica can use and refresh them.
-- Both tables are keyed by sha256(cookie value) in hex; the cookie itself is never stored.

-- A sign-in in progress (POST /api/auth/login → POST /api/auth/callback), single use, 10 minutes.
CREATE TABLE auth_flows (
  id_hash text PRIMARY KEY,
  state text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('signIn', 'signUp')),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_flows_expires_at ON auth_flows (expires_at);

-- A signed-in browser. The three token columns hold AES-256-GCM ciphertexts ('v1.<iv>.<ciphertext>'),
-- under a key derived from OIDC_CLIENT_SECRET; sid is the provider session (sign-out by sid).
CREATE TABLE bff_sessions (
  id_hash text PRIMARY KEY,
  uid text NOT NULL,
  sid text,
  id_token text NOT NULL,
  access_token text,
  refresh_token text,
  id_token_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX bff_sessions_uid ON bff_sessions (uid);
CREATE INDEX bff_sessions_expires_at ON bff_sessions (expires_at);
