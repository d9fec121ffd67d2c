// The backend for the bench: the worker tier's legacy stand-in, answering from memory in the
// legacy wire formats, as a Worker on the services' CPU. The site reaches it over HTTP at
// ORIGIN_URL, as the production site reaches the real backend, so the figures are the site's
// own cost per page and not a database's.
import { answer } from '../../worker/stand-in/legacy-answers';

export default {
  async fetch(request: Request): Promise<Response> {
    const body = await request.text();
    let result: unknown;
    try {
      result = answer(request.method, new URL(request.url), body);
    } catch {
      return Response.json({ error: 'bad request' }, { status: 400 });
    }
    return result === null ? Response.json({ error: 'not found' }, { status: 404 }) : Response.json(result);
  },
};
