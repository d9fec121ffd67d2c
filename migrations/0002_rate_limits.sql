-- Sends counted for abuse limits; keys are hashes, never raw phone numbers or addresses.
CREATE TABLE IF NOT EXISTS rate_events (key TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS rate_events_key_at ON rate_events (key, at);
