-- Payment submissions by idempotency key: the first result is answered again, never charged twice.
-- The fingerprint is a hash of the submission without card number, expiry or CVV.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  state TEXT NOT NULL,
  status INTEGER,
  response TEXT,
  created_at INTEGER NOT NULL
);
