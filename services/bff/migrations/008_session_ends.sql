-- Issue 19: "id tokens stay valid for an hour after sign-out". When a shopper signs out, the shell
-- calls POST /api/session/end; every id token of that shopper issued at or before ended_at is refused
-- from then on (a new sign-in issues a later token). One row per shopper, the latest sign-out.
CREATE TABLE session_ends (
  uid text PRIMARY KEY,
  ended_at timestamptz NOT NULL
);
