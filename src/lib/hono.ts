import type { BlankSchema, Env, Schema } from 'hono/types';
import { HonoBase } from 'hono/hono-base';
import { RegExpRouter } from 'hono/router/reg-exp-router';

/**
 * Hono with the one router the site matches with: the whole route table as one regular
 * expression (`RegExpRouter`). `hono`'s own class would also bring a second router, kept as a
 * fallback for paths a regular expression cannot match, which no route of the site has.
 */
export class Hono<E extends Env = Env, S extends Schema = BlankSchema, BasePath extends string = '/'> extends HonoBase<E, S, BasePath> {
  constructor() {
    super({ router: new RegExpRouter() });
  }
}
