import type { Context } from 'hono';
import { NotFoundPage } from '../pages/not-found';
import type { AppEnv } from '../server/app-env';
import { renderPage } from '../server/render';

export function notFound(c: Context<AppEnv>): Promise<Response> {
  return renderPage(c, <NotFoundPage />, { status: 404 });
}
