import type { DeviceClass } from '../domain/device';
import type { SiteConfig } from '../domain/config';
import type { OriginDoor } from '../origin';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    nonce: string;
    device: DeviceClass;
    config: SiteConfig;
    /** The backend, with this request's call outcomes recorded for its log line. */
    origin: OriginDoor;
    /** The response comes from the legacy site, which keeps its own Content-Security-Policy. */
    foreign?: boolean;
    /** The response, when it was made with every site header already (a page the Worker drew). */
    complete?: Response;
  };
}
