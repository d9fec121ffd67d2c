/**
 * A POST from an island to the site's API: an object goes as JSON, a form's data as it is. It
 * names the page's language, so the server answers in the language the page was drawn in, even in
 * a partner's frame, where this site's language cookie is not sent.
 */
export function post(url: string, body?: object | FormData): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': document.documentElement.lang || 'en-US' };
  const json = body && !(body instanceof FormData);
  if (json) headers['Content-Type'] = 'application/json';
  return fetch(url, { method: 'POST', headers, body: json ? JSON.stringify(body) : (body as FormData | undefined) });
}
