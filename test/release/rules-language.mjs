// The part of Cloudflare's Rules language (ruleset-engine/rules-language) the stand-in edge runs:
// `and`, `or`, `not`, parentheses; `http.host` with `eq`, `ne` and `in {"…" …}`; `http.cookie`
// with `contains`; the values `"…"`, `http.request.cookies["name"][0]` and `uuidv4(cf.random_seed)`.
// Anything else is refused as Cloudflare refuses an expression it cannot parse, so a rule the
// release writes that this stand-in cannot run fails its test instead of passing unread.
import { randomUUID } from 'node:crypto';

/** A parse error, as the Rulesets API names one. */
export class RuleSyntaxError extends Error {}

const TOKEN = /\s*(?:(\(|\)|\{|\}|\[|\]|,)|("(?:[^"\\]|\\.)*")|([A-Za-z_][\w.]*)|(\d+))/y;

function tokens(text) {
  const out = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) {
      if (/^\s*$/.test(text.slice(at))) break;
      throw new RuleSyntaxError(`Filter parsing error: unrecognised input at ${at}: ${text.slice(at, at + 20)}`);
    }
    out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  return out;
}

/** Parses an expression into a function of the request's fields (`{ host, cookie, cookies, seed }`). */
export function compile(text, kind = 'filter') {
  const list = tokens(text);
  let i = 0;
  const peek = () => list[i];
  const take = (want) => {
    const t = list[i++];
    if (want !== undefined && t !== want) throw new RuleSyntaxError(`Filter parsing error: expected ${want}, found ${t ?? 'the end'}`);
    return t;
  };
  const string = () => {
    const t = take();
    if (!t?.startsWith('"')) throw new RuleSyntaxError(`Filter parsing error: expected a string, found ${t ?? 'the end'}`);
    return JSON.parse(t);
  };
  const value = () => {
    const t = peek();
    if (t?.startsWith('"')) {
      const s = string();
      return () => s;
    }
    if (t === 'http.request.cookies') {
      take();
      take('[');
      const name = string();
      take(']');
      take('[');
      const index = Number(take());
      take(']');
      return (r) => r.cookies.get(name)?.[index] ?? '';
    }
    if (t === 'uuidv4') {
      take();
      take('(');
      take('cf.random_seed');
      take(')');
      return () => randomUUID();
    }
    throw new RuleSyntaxError(`Filter parsing error: unknown value ${t ?? 'the end'}`);
  };
  const comparison = () => {
    const t = take();
    if (t === '(') {
      const inner = or();
      take(')');
      return inner;
    }
    if (t === 'not') {
      const inner = comparison();
      return (r) => !inner(r);
    }
    if (t === 'http.host') {
      const op = take();
      if (op === 'in') {
        take('{');
        const hosts = [];
        while (peek() !== '}') hosts.push(string());
        take('}');
        return (r) => hosts.includes(r.host);
      }
      const s = string();
      if (op === 'eq') return (r) => r.host === s;
      if (op === 'ne') return (r) => r.host !== s;
      throw new RuleSyntaxError(`Filter parsing error: unknown operator ${op}`);
    }
    if (t === 'http.cookie') {
      take('contains');
      const s = string();
      return (r) => r.cookie.includes(s);
    }
    throw new RuleSyntaxError(`Filter parsing error: unknown field ${t ?? 'the end'}`);
  };
  /** A chain of `next` joined by `word` (`and` binds tighter than `or`). */
  const chain = (word, next, join) => () => {
    let left = next();
    while (peek() === word) {
      take();
      const l = left;
      const right = next();
      left = (r) => join(l(r), right(r));
    }
    return left;
  };
  const and = chain('and', comparison, (a, b) => a && b);
  const or = chain('or', and, (a, b) => a || b);
  const run = kind === 'value' ? value() : or();
  if (i !== list.length) throw new RuleSyntaxError(`Filter parsing error: unexpected ${list[i]}`);
  return run;
}

/** The fields a request gives the rules: its host, its Cookie header whole and by name. */
export function fieldsOf(request, host) {
  const cookie = request.headers.get('cookie') ?? '';
  const cookies = new Map();
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    cookies.set(name, [...(cookies.get(name) ?? []), part.slice(at + 1).trim()]);
  }
  return { host, cookie, cookies };
}
