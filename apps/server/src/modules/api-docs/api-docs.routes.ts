import { Hono } from 'hono';
import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';
import type { AppEnv } from '../../lib/app-env.js';
import { buildApiDocument, type ApiDocument } from './build-api-document.js';
import { renderApiReference } from './render-api-reference.js';

const documentDocs = describe({
  tag: 'Operations',
  summary: 'This API as an OpenAPI 3.1 document',
  responses: { 200: jsonResponse('The OpenAPI document', z.object({ openapi: z.string() }).loose()) },
});

const referenceDocs = describe({
  tag: 'Operations',
  summary: 'This API as a readable HTML page',
  responses: { 200: { description: 'The reference page', content: { 'text/html': { schema: { type: 'string' } } } } },
});

/**
 * GET /api/openapi.json and GET /api/docs. The document is generated from the
 * finished app (every route's describe() and validator) on the first request
 * and kept: the routes do not change while the process runs.
 */
export function apiDocsRoutes(options: { app: () => Hono<AppEnv>; appUrl: string; version: string }) {
  let document: Promise<ApiDocument> | null = null;
  let page: Promise<string> | null = null;
  const loadDocument = () => (document ??= buildApiDocument(options.app(), options));
  const loadPage = () => (page ??= loadDocument().then(renderApiReference));

  return new Hono<AppEnv>()
    .get('/openapi.json', documentDocs, async (c) => c.json(await loadDocument()))
    .get('/docs', referenceDocs, async (c) => c.html(await loadPage()));
}
