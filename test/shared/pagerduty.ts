/**
 * A PagerDuty service as its Events API v2 receives events (developer docs, "Send an Alert Event"
 * and "Alert de-duplication"), with the urgency rule the operations guide asks for ("Dynamic
 * notifications: use alert severity to determine urgency"). The unit tier and the alerting
 * stand-in of the browser tier (test/e2e/stand-ins/alerting.mjs) keep their incidents with it.
 *
 * - A trigger whose dedup key names no open alert opens an incident; its urgency is set then:
 *   high for a critical or error event, low for a warning or info.
 * - A trigger whose dedup key names an open alert is folded into it: the incident and its urgency
 *   stay as they were.
 * - A resolve closes the open alert of its key; one for no open alert is accepted and changes nothing.
 */
export interface PagerEvent {
  routing_key?: unknown;
  event_action?: unknown;
  dedup_key?: unknown;
  payload?: { summary?: unknown; source?: unknown; severity?: unknown };
}

export interface Incident {
  dedupKey: string;
  status: 'triggered' | 'acknowledged' | 'resolved';
  urgency: 'high' | 'low';
  summary: string;
  /** The events folded into it, the first included. */
  alerts: number;
}

const HIGH = new Set(['critical', 'error']);

export class PagerDutyService {
  readonly incidents: Incident[] = [];
  readonly events: PagerEvent[] = [];

  constructor(private readonly routingKey: string) {}

  /** What PagerDuty refuses with 400. */
  errors(event: PagerEvent): string[] {
    const errors: string[] = [];
    if (event.routing_key !== this.routingKey) errors.push('routing_key is not this service');
    if (!['trigger', 'acknowledge', 'resolve'].includes(String(event.event_action))) errors.push('event_action is invalid');
    if (event.dedup_key !== undefined && (typeof event.dedup_key !== 'string' || event.dedup_key.length > 255))
      errors.push('dedup_key is invalid');
    if (event.event_action !== 'trigger' && !event.dedup_key) errors.push('dedup_key is required');
    if (event.event_action === 'trigger') {
      const p = event.payload ?? {};
      if (typeof p.summary !== 'string' || !p.summary || p.summary.length > 1024) errors.push('payload.summary is invalid');
      if (typeof p.source !== 'string' || !p.source) errors.push('payload.source is missing');
      if (!['critical', 'error', 'warning', 'info'].includes(String(p.severity))) errors.push('payload.severity is invalid');
    }
    return errors;
  }

  /** One event posted to `/v2/enqueue`: the status and body PagerDuty answers. */
  receive(event: PagerEvent): { status: number; body: Record<string, unknown> } {
    const errors = this.errors(event);
    if (errors.length) return { status: 400, body: { status: 'invalid event', message: 'Event object is invalid', errors } };
    this.events.push(event);
    const key = String(event.dedup_key ?? crypto.randomUUID());
    const open = this.incidents.find((i) => i.dedupKey === key && i.status !== 'resolved');
    if (event.event_action === 'trigger') {
      if (open) open.alerts++;
      else
        this.incidents.push({
          dedupKey: key,
          status: 'triggered',
          urgency: HIGH.has(String(event.payload?.severity)) ? 'high' : 'low',
          summary: String(event.payload?.summary),
          alerts: 1,
        });
    } else if (open) open.status = event.event_action === 'resolve' ? 'resolved' : 'acknowledged';
    return { status: 202, body: { status: 'success', message: 'Event processed', dedup_key: key } };
  }

  /** The incidents not resolved. */
  open(): Incident[] {
    return this.incidents.filter((i) => i.status !== 'resolved');
  }
}
