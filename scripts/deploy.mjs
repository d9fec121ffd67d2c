// npm run deploy [-- --dry-run | --check | --log | --secret NAME] [--config wrangler.toml] [--alerts-config alerts/wrangler.toml] [--url https://…] [--share 10] [--watch-minutes 30] [--take-over-host]
//
// The release path: each step, what a failure leaves and the rules it keeps are in
// docs/operations.md ("Releasing"), the why in decision 017; the steps themselves, one module each,
// in scripts/release/ (index.mjs lists them in order). --dry-run prints every step and its
// command and touches nothing; --check runs the checks made before anything changes, and stops;
// --skip-build takes the client build as it is; --log prints the history of the deployments, each
// with its versions' commits and the record a release gave it (who released what, since when);
// --secret NAME puts the value on stdin onto a new version of the serving code. WRANGLER names the wrangler command;
// CLOUDFLARE_API_BASE_URL the API (wrangler's own setting, which the tests point at a stand-in).
import { main } from './release/index.mjs';

await main();
