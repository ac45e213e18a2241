-- The seamless aggregators' game catalogue (issue 27, docs/adapters.md
-- "The lobby's catalogue"), synced from each aggregator's games API at
-- start and every NGERN_GAMES_SYNC_INTERVAL. A sync writes the
-- aggregator's fields (name, category, studio, image, demo) and never the
-- operator's (enabled, sort_order). A game the aggregator stops listing is
-- hidden (listed false), not deleted: the operator's choices survive its
-- return, and rounds already played keep a name to show.
CREATE TABLE seamless_games (
    provider   TEXT NOT NULL,
    code       TEXT NOT NULL,
    name       TEXT NOT NULL,
    category   TEXT NOT NULL CHECK (category IN ('slot', 'casino', 'sport', 'lotto')),
    studio     TEXT NOT NULL DEFAULT '',
    image      TEXT NOT NULL DEFAULT '',
    demo       BOOLEAN NOT NULL DEFAULT FALSE,
    enabled    BOOLEAN NOT NULL DEFAULT TRUE,
    listed     BOOLEAN NOT NULL DEFAULT TRUE,
    sort_order INTEGER NOT NULL DEFAULT 0,
    synced_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (provider, code)
);
