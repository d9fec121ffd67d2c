import type { DeviceClass } from '../domain/device';
import type { SiteConfig } from '../domain/config';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    nonce: string;
    device: DeviceClass;
    config: SiteConfig;
    /** The response comes from the legacy site, which keeps its own Content-Security-Policy. */
    foreign?: boolean;
  };
}
