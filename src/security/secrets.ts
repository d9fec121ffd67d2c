import type { SiteConfig } from '../settings/config';
import { isolateSecret } from './keyed-hash';

/**
 * The secrets that sign form keys and key card hashes. Production must set them (the settings
 * schema refuses to start without); elsewhere each isolate makes a random one of its own.
 */
export const formKeySecret = (config: SiteConfig) => config.formKeySecret || isolateSecret('FORM_KEY_SECRET');
export const cardHmacKey = (config: SiteConfig) => config.cardHmacKey || isolateSecret('CARD_HMAC_KEY');
