import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/**
 * Layers run in order as one Hono middleware: each hands on with `next()` or answers, as under
 * `app.use`, but a layer that hands on adds no promise of its own (Hono's compose awaits every
 * layer it runs, a few microseconds of every page each). A layer's answer becomes the
 * context's response before the layers around it go on, as Hono's compose would make it. An
 * error is thrown to the Hono layer this one is, whose error handler answers it.
 */
export function inOrder(...layers: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const run = (i: number): Promise<void> => {
      const layer = layers[i];
      if (!layer) return next();
      let handedOn: Promise<void> | undefined;
      const out = layer(c, () => (handedOn = run(i + 1)));
      if (out === handedOn) return handedOn;
      return Promise.resolve(out).then((answer) => {
        if (answer instanceof Response && !c.finalized) c.res = answer;
      });
    };
    return run(0);
  };
}
