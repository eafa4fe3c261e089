import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Used only at build time: Keel prerenders its public pages to static HTML.
 * Always waits for every Suspense boundary (onAllReady), so lazily loaded
 * sections are in the HTML itself — no streaming placeholders or swap scripts —
 * and hydrate on the client once their code arrives.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: responseStatus }));
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatus = 500;
        console.error(error);
      },
    });
  });
}
