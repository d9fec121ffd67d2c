import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/web/app-env';
import { inOrder } from '../../src/web/in-order';

type Layer = MiddlewareHandler<AppEnv>;

/** An app as the site's: an outer Hono layer, the layers in order, then the routes. */
function site(layers: Layer[], seen: string[] = []) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    seen.push(`outer saw ${c.res.status}`);
    c.res.headers.set('X-Outer', 'yes');
  });
  app.use('*', inOrder(...layers));
  app.get('/page', (c) => {
    seen.push('route');
    return c.text('page');
  });
  app.get('/broken', () => {
    throw new Error('route failed');
  });
  app.onError((_error, c) => c.text('sorry', 500));
  return app;
}

const handsOn =
  (name: string, seen: string[]): Layer =>
  (_c, next) => {
    seen.push(name);
    return next();
  };

describe('layers run in order', () => {
  it('hand on, one after the other, to the route', async () => {
    const seen: string[] = [];
    const res = await site([handsOn('a', seen), handsOn('b', seen)], seen).request('/page');
    expect(await res.text()).toBe('page');
    expect(seen).toEqual(['a', 'b', 'route', 'outer saw 200']);
    expect(res.headers.get('X-Outer')).toBe('yes');
  });

  it('stop at a layer that answers, whose answer the layers around it see and add to', async () => {
    const seen: string[] = [];
    const around: Layer = (c, next) => next().then(() => void c.res.headers.append('Set-Cookie', 'lang=es'));
    const answers: Layer = (c) => Promise.resolve(c.redirect('/elsewhere', 301));
    const res = await site([around, answers, handsOn('after', seen)], seen).request('/page');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/elsewhere');
    expect(res.headers.get('Set-Cookie')).toBe('lang=es');
    expect(res.headers.get('X-Outer')).toBe('yes');
    expect(seen).toEqual(['outer saw 301']);
  });

  it('take an answer made after waiting', async () => {
    const seen: string[] = [];
    const waits: Layer = async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return c.json({ error: 'refused' }, 403);
    };
    const res = await site([handsOn('a', seen), waits], seen).request('/page');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'refused' });
    expect(seen).toEqual(['a', 'outer saw 403']);
  });

  it("give a layer's error, or the route's, to the error handler, and the outer layer still finishes", async () => {
    const seen: string[] = [];
    const throws: Layer = () => {
      throw new Error('layer failed');
    };
    const res = await site([handsOn('a', seen), throws], seen).request('/page');
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('sorry');
    expect(res.headers.get('X-Outer')).toBe('yes');
    const routeSeen: string[] = [];
    const broken = await site([handsOn('a', routeSeen)], routeSeen).request('/broken');
    expect(broken.status).toBe(500);
    expect(routeSeen).toEqual(['a', 'outer saw 500']);
  });
});
