-- The embedded origin: what the legacy backend keeps, for local runs with no ORIGIN_URL.
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS payees (
  id TEXT PRIMARY KEY,
  url TEXT,
  billing_url TEXT,
  name TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS payees_url ON payees (url);
CREATE INDEX IF NOT EXISTS payees_billing_url ON payees (billing_url);

CREATE TABLE IF NOT EXISTS feature_flags (name TEXT PRIMARY KEY, enabled INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS sms_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_num TEXT NOT NULL,
  body TEXT NOT NULL,
  message_type TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS not_found_reports (id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL, created_at TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS reset_tokens (
  token TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  mismatch INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS bills (id TEXT PRIMARY KEY, status TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS info_requests (
  token TEXT PRIMARY KEY,
  bill_id TEXT NOT NULL REFERENCES bills (id),
  fields TEXT NOT NULL,
  answered_at INTEGER
);

CREATE TABLE IF NOT EXISTS pay_later_users (email TEXT PRIMARY KEY, enrolled INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS member_signups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  payment_type TEXT NOT NULL,
  came_from TEXT,
  ad TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS access_codes (code TEXT PRIMARY KEY, payee_id TEXT NOT NULL, used_at INTEGER);

CREATE TABLE IF NOT EXISTS team_emails (id INTEGER PRIMARY KEY AUTOINCREMENT, payload TEXT NOT NULL, created_at TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS email_links (id INTEGER PRIMARY KEY AUTOINCREMENT, state TEXT, scope TEXT, created_at TEXT NOT NULL);

-- Payments keep the card brand and last four digits only: never the number, expiry or CVV.
CREATE TABLE IF NOT EXISTS payments (
  confirmation TEXT PRIMARY KEY,
  payee_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  payer TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS get_paid_sessions (
  token TEXT PRIMARY KEY,
  payee_id TEXT,
  access_code TEXT,
  invite TEXT,
  created_at INTEGER NOT NULL
);
