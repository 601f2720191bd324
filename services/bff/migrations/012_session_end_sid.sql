-- The provider's session id (`sid` claim) of the token that signed out: tokens carrying that sid are
-- refused; tokens of a newer sign-in (another sid) are accepted even when issued in the same second.
ALTER TABLE session_ends ADD COLUMN sid text;
