-- Send limits moved to the abuse guard's Durable Objects (src/security/guard.ts).
DROP TABLE IF EXISTS rate_events;
