import { prerender } from 'react-dom/static';
import { ServerRouter, type EntryContext } from 'react-router';
import { EARLY_SUBMIT_SCRIPT } from '~/lib/early-submit';

/**
 * Used only at build time: Keel prerenders its public pages to static HTML.
 * React's static prerender waits for every Suspense boundary; with an
 * unbounded progressive chunk size it writes finished boundaries in place — no
 * hidden holders or reveal scripts — so lazily loaded sections are in the HTML,
 * visible without JavaScript, and hydrate once their code arrives.
 */
export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  let responseStatus = status;
  const { prelude } = await prerender(<ServerRouter context={routerContext} url={request.url} />, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error: unknown) {
      responseStatus = 500;
      console.error(error);
    },
  });
  headers.set('Content-Type', 'text/html');
  // First thing in <head>, before any script can arrive: presses made before hydration are kept
  // for replay (lib/early-submit). Added here, not rendered by React, so no bundle carries its
  // text; React 19's hydration passes over a foreign <script> in <head>.
  const html = (await new Response(prelude).text()).replace('<head>', `<head><script>${EARLY_SUBMIT_SCRIPT}</script>`);
  return new Response(html, { headers, status: responseStatus });
}
