-- Issue 19: "re-sending the verify code resets the 5-attempt counter (100 wrong codes in 1.8 s)".
-- The 5th wrong code now locks the shopper's verification for 15 minutes (it used to delete it, and a
-- new linkAccount or resendCode started again from 0 attempts). Attempts are kept across resends and
-- new sends while the verification is unexpired; a lock refuses verifyCode, resendCode and linkAccount.
ALTER TABLE verifications ADD COLUMN locked_until timestamptz;
