// Local stand-ins for what the alerts Worker talks to, speaking their real protocols: the
// Analytics Engine SQL API (the statement runs in ClickHouse, through chDB, over the events the
// test loaded), PagerDuty's Events API v2 (a service that keeps its incidents by dedup key and
// urgency, test/shared/pagerduty.ts) and a plain webhook.
// The test drives them through /_control: PUT /_control/events, PUT /_control/webhook (down or
// not), GET /_control/received (with PagerDuty's incidents), POST /_control/reset.
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
const { PagerDutyService } = await load('test/shared/pagerduty.ts');
let pagerDuty = new PagerDutyService(routingKey);
const Session = await chdbSession();

const session = Session ? new Session() : undefined;
if (session) loadEvents(session, [], EVENT_LAYOUT, EVENTS_DATASET);
const received = { pager: [], webhook: [], sql: 0 };
let webhookDown = false;

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
    const answer = pagerDuty.receive(event);
    if (answer.status === 202) received.pager.push(event);
    return send(res, answer.status, answer.body);
  }
  if (req.method === 'POST' && url.pathname === '/webhook') {
    if (webhookDown) return send(res, 503, 'unavailable');
    received.webhook.push(JSON.parse(text));
    return send(res, 200, 'ok');
  }
  if (req.method === 'PUT' && url.pathname === '/_control/events') {
    if (!session) return send(res, 503, CHDB_MISSING);
    loadEvents(session, JSON.parse(text), EVENT_LAYOUT, EVENTS_DATASET);
    return send(res, 200, 'loaded');
  }
  if (req.method === 'GET' && url.pathname === '/_control/received') return send(res, 200, { ...received, incidents: pagerDuty.incidents });
  if (req.method === 'PUT' && url.pathname === '/_control/webhook') {
    webhookDown = JSON.parse(text).down === true;
    return send(res, 200, 'set');
  }
  if (req.method === 'POST' && url.pathname === '/_control/reset') {
    received.pager = [];
    received.webhook = [];
    received.sql = 0;
    pagerDuty = new PagerDutyService(routingKey);
    webhookDown = false;
    return send(res, 200, 'reset');
  }
  send(res, 404, 'not found');
}).listen(port, '127.0.0.1', () => console.log(`alerting stand-ins on ${port}`));
