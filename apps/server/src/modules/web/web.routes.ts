import { isKnownPath } from '@keel/core/paths';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import { buildContentSecurityPolicy, type SecurityHeaderOptions } from '../../middleware/security-headers.js';
import { findPage, findShell, loadWebFiles, type WebFile } from './web-files.js';
import { redactPath } from '../../lib/redact-path.js';

function send(c: Context<AppEnv>, file: WebFile, status: 200 | 404, csp: SecurityHeaderOptions) {
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    ETag: file.etag,
    'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (file.contentType.startsWith('text/html')) {
    headers['Content-Security-Policy'] = buildContentSecurityPolicy(csp, file.scriptHashes);
  }
  if (status === 200 && c.req.header('if-none-match') === file.etag) {
    return c.body(null, 304, headers);
  }
  const acceptsGzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const gzip = acceptsGzip ? file.gzip() : null;
  const body = gzip ?? file.body;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(new Uint8Array(body), status, headers);
}

/**
 * Serves the built web app: files as built, prerendered pages by path, and the
 * app shell for client-rendered routes. Paths outside the route table get the
 * shell too (it renders the 404 page) but with status 404.
 */
export function webRoutes(options: { buildDir: string; csp: SecurityHeaderOptions }) {
  const files = loadWebFiles(options.buildDir);
  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], '*', (c) => {
    const pathname = c.req.path;
    const asset = files.get(pathname);
    if (asset && !pathname.endsWith('.html')) return send(c, asset, 200, options.csp);
    const known = isKnownPath(pathname);
    const page = known ? findPage(files, pathname === '/' ? '' : pathname) : undefined;
    if (page) return send(c, page, 200, options.csp);
    const shell = findShell(files);
    if (!shell) {
      return c.text('The web app is not built. Run `npm run build` (npm start does this for you).', 503);
    }
    if (!known) c.get('logger').warn({ path: redactPath(pathname) }, 'page not found');
    return send(c, shell, known ? 200 : 404, options.csp);
  });
  return { app, fileCount: files.size };
}
