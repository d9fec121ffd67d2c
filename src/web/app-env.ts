import type { Language } from '../domain/catalogue';
import type { DeviceClass } from '../domain/device';
import type { SiteConfig } from '../settings/config';
import type { OriginDoor } from '../origin';
import type { Guard } from '../security/guard';
import type { PostedForm } from '../domain/posted-form';
import type { Waits } from './waits';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    nonce: string;
    device: DeviceClass;
    /** The visitor's language: their choice, else what their browser asks for, else English. */
    language: Language;
    config: SiteConfig;
    /** The backend, with this request's call outcomes recorded for its log line. */
    origin: OriginDoor;
    /** The abuse guard's counters (src/security/guard.ts). */
    guard: Guard;
    /** The remote calls this request waited on, for its Server-Timing header (waits.ts). */
    waits: Waits;
    /** Who is asking, for per-client limits: the address, an IPv6 one by its /64. */
    client: string;
    /** A device cookie issued with this answer (src/web/device.ts), set on the way out. */
    deviceCookie?: string;
    /** The `_form` of a page's form posted without script, which this request carries out ('' once a page took the post and found no form of its own). */
    form?: string;
    /** What that form's handler asks the page to be drawn again with (src/web/form-post.ts). */
    posted?: PostedForm;
    /** The response comes from the legacy site, which keeps its own Content-Security-Policy. */
    foreign?: boolean;
  };
}
