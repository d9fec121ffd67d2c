// Local stand-ins for what the alerts Worker talks to, speaking their real protocols: the
// Analytics Engine SQL API (the statement runs in ClickHouse, through chDB, over the events the
// test loaded), PagerDuty's Events API v2 (validated as PagerDuty documents it) and a plain webhook.
// The test drives them through /_control: PUT /_control/events, GET /_control/received,
// POST /_control/reset.
import { createServer } from 'node:http';
import path from 'node:path';
import { runnerImport } from 'vite';
import { CHDB_MISSING, chdbSession, loadEvents } from '../../../scripts/lib/clickhouse.mjs';

const port = Number(process.env.ALERTING_PORT ?? 8789);
const ACCOUNT = process.env.ALERTING_ACCOUNT ?? 'drill-account';
const token = process.env.ALERTING_TOKEN ?? 'drill-analytics-token';
const routingKey = process.env.ALERTING_ROUTING_KEY ?? 'drillroutingkey0000000000000000aa';

const root = path.resolve(import.meta.dirname, '../../..');
const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module;
const { EVENT_LAYOUT } = await load('src/telemetry/events.ts');
const { EVENTS_DATASET } = await load('alerts/indicators.ts');
const Session = await chdbSession();

const session = Session ? new Session() : undefined;
if (session) loadEvents(session, [], EVENT_LAYOUT, EVENTS_DATASET);
const received = { pager: [], webhook: [], sql: 0 };

const body = (req) =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });
const send = (res, status, value) => {
  res.writeHead(status, { 'Content-Type': typeof value === 'string' ? 'text/plain' : 'application/json' });
  res.end(typeof value === 'string' ? value : JSON.stringify(value));
};

/** What PagerDuty refuses with 400 (developer docs, "Send an Alert Event"). */
function pagerErrors(event) {
  const errors = [];
  if (event.routing_key !== routingKey) errors.push('routing_key is not this service');
  if (!['trigger', 'acknowledge', 'resolve'].includes(event.event_action)) errors.push('event_action is invalid');
  if (event.dedup_key !== undefined && (typeof event.dedup_key !== 'string' || event.dedup_key.length > 255))
    errors.push('dedup_key is invalid');
  if (event.event_action !== 'trigger' && !event.dedup_key) errors.push('dedup_key is required');
  if (event.event_action === 'trigger') {
    const p = event.payload ?? {};
    if (typeof p.summary !== 'string' || !p.summary || p.summary.length > 1024) errors.push('payload.summary is invalid');
    if (typeof p.source !== 'string' || !p.source) errors.push('payload.source is missing');
    if (!['critical', 'error', 'warning', 'info'].includes(p.severity)) errors.push('payload.severity is invalid');
  }
  return errors;
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const text = await body(req);
  if (req.method === 'POST' && url.pathname === `/client/v4/accounts/${ACCOUNT}/analytics_engine/sql`) {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { errors: [{ message: 'Authentication error' }] });
    if (!session) return send(res, 503, CHDB_MISSING);
    received.sql++;
    try {
      return send(res, 200, session.query(text.replace(/\s+FORMAT\s+JSON\s*$/i, ''), 'JSON'));
    } catch (error) {
      return send(res, 422, String(error.message ?? error));
    }
  }
  if (req.method === 'POST' && url.pathname === '/v2/enqueue') {
    let event;
    try {
      event = JSON.parse(text);
    } catch {
      return send(res, 400, { status: 'invalid event', message: 'Event object is invalid', errors: ['not JSON'] });
    }
    const errors = pagerErrors(event);
    if (errors.length) return send(res, 400, { status: 'invalid event', message: 'Event object is invalid', errors });
    received.pager.push(event);
    return send(res, 202, { status: 'success', message: 'Event processed', dedup_key: event.dedup_key });
  }
  if (req.method === 'POST' && url.pathname === '/webhook') {
    received.webhook.push(JSON.parse(text));
    return send(res, 200, 'ok');
  }
  if (req.method === 'PUT' && url.pathname === '/_control/events') {
    if (!session) return send(res, 503, CHDB_MISSING);
    loadEvents(session, JSON.parse(text), EVENT_LAYOUT, EVENTS_DATASET);
    return send(res, 200, 'loaded');
  }
  if (req.method === 'GET' && url.pathname === '/_control/received') return send(res, 200, received);
  if (req.method === 'POST' && url.pathname === '/_control/reset') {
    received.pager = [];
    received.webhook = [];
    received.sql = 0;
    return send(res, 200, 'reset');
  }
  send(res, 404, 'not found');
}).listen(port, '127.0.0.1', () => console.log(`alerting stand-ins on ${port}`));
