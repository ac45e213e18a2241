-- The auto-approval of withdrawals by the owner's rules (docs/operations.md,
-- "Auto-approval rules"): one row per withdrawal the enabled rules were
-- evaluated for, whether they approved it and the rule that stopped it
-- (ALL_PASSED when none did; NOT_EVALUATED when the facts could not be
-- read). A withdrawal with no row was requested while the rules were off.
CREATE TABLE withdrawal_auto_decisions (
    withdrawal_id TEXT PRIMARY KEY REFERENCES withdrawals (id),
    approved      BOOLEAN NOT NULL,
    rule          TEXT NOT NULL,
    at            TIMESTAMPTZ NOT NULL
);
