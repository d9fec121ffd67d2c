import type { BlankSchema, Env, Schema } from 'hono/types';
import { HonoBase } from 'hono/hono-base';
import { LinearRouter } from 'hono/router/linear-router';

/**
 * Hono with the one router the site matches with: `LinearRouter`, which registers routes for
 * nothing and matches by walking them. Most isolates answer few requests (a site with a few
 * visits a minute per data centre is cold in most places), and a router that compiles the whole
 * table on its first match costs every new isolate about 7 ms (decision 016). `hono`'s own class
 * would also bring a second router, which no route of the site needs.
 */
export class Hono<E extends Env = Env, S extends Schema = BlankSchema, BasePath extends string = '/'> extends HonoBase<E, S, BasePath> {
  constructor() {
    super({ router: new LinearRouter() });
  }
}
