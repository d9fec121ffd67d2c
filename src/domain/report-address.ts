/**
 * Where a page sends its browser reports, and the words of the one report the boot script sends
 * itself: a module of its own, so the boot script carries these and not the scrubber.
 */

/** Where a page sends its reports (`navigator.sendBeacon`, same origin). */
export const ERROR_REPORT_PATH = '/api/browser-error';

/** What a `start` report says: the boot script's own words, never the browser's (which name addresses). */
export const NOT_STARTED = 'The islands did not start: their code could not be loaded';
