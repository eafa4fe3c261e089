import type { Context } from 'hono';

/**
 * Sets a header on the finished response (c.res) after the handler has answered.
 * Headers given with c.header() before the handler are lost when it returns a
 * Response of its own (the Better Auth pass-through does), and c.header() after
 * it makes Hono rebuild the response into a full web Response (measured: a
 * quarter of the CPU time of a small request, docs/performance-log.md). A response
 * with immutable headers (one passed through from fetch) is copied once.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
