-- Scene+ verification codes are random and mailed (spec §4 Verify flow): only a salted SHA-256 of the
-- code is kept (code_hash = sha256(code_salt || code), hex). Pending demo-code rows cannot be checked
-- any more and are dropped; the shopper asks for a new code.
-- exhausted_at: set by the 5th wrong code; that code is refused from then on and a new one must be sent
-- (this replaces the 15-minute lock of locked_until).
DELETE FROM verifications;
ALTER TABLE verifications DROP COLUMN code;
ALTER TABLE verifications ADD COLUMN code_hash text NOT NULL;
ALTER TABLE verifications ADD COLUMN code_salt text NOT NULL;
ALTER TABLE verifications ADD COLUMN exhausted_at timestamptz;
ALTER TABLE verifications DROP COLUMN locked_until;
