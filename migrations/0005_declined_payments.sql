-- Declined payments of the embedded origin (contract §6): brand and last four digits only, like payments.
CREATE TABLE IF NOT EXISTS declined_payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  payee_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
