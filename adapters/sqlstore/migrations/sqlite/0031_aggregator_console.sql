-- Issue 27, the operator's side: what the console edits of the seamless
-- aggregators (docs/adapters.md "Aggregators in the console").
--
-- A game's category as the operator sets it, which a sync keeps ('' is the
-- aggregator's own, in category).
ALTER TABLE seamless_games ADD COLUMN category_override TEXT NOT NULL DEFAULT ''
    CHECK (category_override IN ('', 'slot', 'casino', 'sport', 'lotto'));

-- An aggregator of the generic protocol as the console set it: whether its
-- callbacks and games are on, its shared secret (sealed with the install's
-- secret key, never served) and the addresses its callbacks may come from
-- (a JSON array of CIDRs; empty: any). The aggregator's code and URL stay
-- in the configuration (NGERN_AGGREGATORS); a code with no row here runs
-- as configured.
CREATE TABLE seamless_aggregators (
    code          TEXT PRIMARY KEY,
    enabled       BOOLEAN NOT NULL,
    secret_sealed TEXT NOT NULL DEFAULT '',
    allow_list    TEXT NOT NULL DEFAULT '[]',
    updated_by    TEXT NOT NULL DEFAULT '',
    updated_at    DATETIME NOT NULL
);
