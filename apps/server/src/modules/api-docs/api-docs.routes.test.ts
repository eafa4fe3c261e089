import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

type Operation = {
  summary?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses?: Record<string, unknown>;
};
type ApiDocumentBody = { openapi: string; paths: Record<string, Record<string, Operation>> };

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/** "METHOD /path/{param}" for every /api route the app really serves, from Hono's own route list. */
function servedApiRoutes(t: TestApp): string[] {
  const served = new Set<string>();
  for (const route of t.app.routes) {
    // Middleware (app.use) and the /api/* fallback are registered as ALL; wildcards are not endpoints.
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*')) continue;
    served.add(`${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return [...served].sort();
}

function documentedRoutes(document: ApiDocumentBody): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
    .sort();
}

describe('the API reference', () => {
  let t: TestApp;
  let document: ApiDocumentBody;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    document = (await response.json()) as ApiDocumentBody;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents exactly the /api routes the app serves', () => {
    const served = servedApiRoutes(t);
    // A sanity floor: the route list really was read (auth, forms, wallet, money, history, operations).
    expect(served.length).toBeGreaterThanOrEqual(30);
    expect(documentedRoutes(document)).toEqual(served);
  });

  it('gives every operation a summary, a success answer, and the errors its guards can answer', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(operation.responses ?? {});
        expect(operation.summary, where).toBeTruthy();
        expect(
          statuses.some((status) => /^[23]/.test(status)),
          `${where} has a success answer`,
        ).toBe(true);
        // The input guard refuses a control character in any route's path or query string.
        expect(statuses, `${where} documents 400`).toContain('400');
        if (operation.security?.length) expect(statuses, `${where} documents 401`).toContain('401');
        if (STATE_CHANGING.has(method))
          expect(statuses, `${where} documents 403 and 400`).toEqual(expect.arrayContaining(['400', '403']));
      }
    }
  });

  it('takes request bodies from the route validators', () => {
    const waitlist = document.paths['/api/waitlist']?.post?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(waitlist?.properties ?? {})).toEqual(['email']);
    const transfer = document.paths['/api/transfers']?.post?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(transfer?.properties ?? {})).toEqual(
      expect.arrayContaining(['txHash', 'kind', 'walletAddress', 'vaultAddress', 'requestedAssets', 'requestedShares']),
    );
    const parameters = (document.paths['/api/history']?.get as { parameters?: { name: string; in: string }[] }).parameters;
    expect(parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'range', in: 'query' })]));
  });

  it('serves a readable page with every endpoint, without any script', async () => {
    const response = await t.app.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    for (const route of servedApiRoutes(t)) {
      const [method = '', path = ''] = route.split(' ');
      expect(html, route).toContain(`<span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    expect(html).toContain('Too many sign-in attempts. Please wait before trying again.');
  });
});
