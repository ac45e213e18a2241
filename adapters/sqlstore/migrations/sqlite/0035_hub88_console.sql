-- Hub88's settings in the console (docs/adapters.md "Hub88's keys and
-- address in the console"): the base URL of its Games API and our
-- operator id there ('' and 0: the configuration's, NGERN_HUB88_URL and
-- NGERN_HUB88_OPERATOR_ID), Hub88's RSA public key and our RSA private
-- key, each a PEM sealed with the install's secret key like secret_sealed
-- ('': the configured file's key applies). Only the row of Hub88 uses them.
ALTER TABLE seamless_aggregators ADD COLUMN games_url TEXT NOT NULL DEFAULT '';
ALTER TABLE seamless_aggregators ADD COLUMN operator_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seamless_aggregators ADD COLUMN public_key_sealed TEXT NOT NULL DEFAULT '';
ALTER TABLE seamless_aggregators ADD COLUMN private_key_sealed TEXT NOT NULL DEFAULT '';
