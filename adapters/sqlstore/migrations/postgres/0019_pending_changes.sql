-- Changes that need two owners (docs/operations.md#four-eyes-changes): the
-- withdrawal approval threshold, the receiving accounts, the QR providers'
-- secrets and the operator accounts. One owner proposes; the change waits
-- here until a different owner approves (applied then, once) or an owner
-- rejects it. A target has at most one pending change. payload is what
-- applies (sealed with the install's secret key when it holds a secret);
-- summary is what the console and the audit log show, never a secret; base
-- is a fingerprint of the target when proposed (a change whose target
-- moved meanwhile is closed as STALE on approval).
CREATE TABLE pending_changes (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    scope       TEXT NOT NULL, -- setting, qrprovider or operator: what target names
    target      TEXT NOT NULL,
    payload     TEXT NOT NULL,
    summary     TEXT NOT NULL,
    base        TEXT NOT NULL,
    proposed_by TEXT NOT NULL,
    proposer_id TEXT NOT NULL DEFAULT '',
    proposed_at TIMESTAMPTZ NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('PENDING', 'APPLIED', 'REJECTED', 'STALE')),
    decided_by  TEXT NOT NULL DEFAULT '',
    decided_at  TIMESTAMPTZ
);
CREATE UNIQUE INDEX pending_changes_one_per_target ON pending_changes (scope, target) WHERE status = 'PENDING';
CREATE INDEX pending_changes_status_idx ON pending_changes (status, proposed_at);
