import type { ApiDocument } from './build-api-document.js';

/**
 * /api/docs: the OpenAPI document as one readable HTML page, rendered on the
 * server. No script and no outside request (the CSP allows neither); its one
 * inline <style> is allowed by style-src 'unsafe-inline'.
 */

type JsonObject = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Back-ticked words in descriptions become <code>; everything else is escaped text. */
function prose(value: string): string {
  return escapeHtml(value).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function refName(schema: JsonObject): string | null {
  const ref = asString(schema.$ref);
  return ref ? (ref.split('/').pop() ?? null) : null;
}

/** A one-line type: "string", "string | null", "array of object", "one of: a, b". */
function typeLabel(schema: JsonObject): string {
  const name = refName(schema);
  if (name) return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  if (Array.isArray(schema.enum))
    return `one of: ${schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(', ')}`;
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (variants) return variants.filter(isObject).map(typeLabel).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => typeof type === 'string') : [schema.type];
  return types
    .map((type) => {
      if (type === 'array' && isObject(schema.items)) return `array of ${typeLabel(schema.items)}`;
      return typeof type === 'string' ? escapeHtml(type) : 'any';
    })
    .join(' | ');
}

/** The nested object of a schema worth listing field by field (object, array of objects, nullable object). */
function fieldsOf(schema: JsonObject): JsonObject | null {
  if (isObject(schema.properties)) return schema;
  if (isObject(schema.items)) return fieldsOf(schema.items);
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  for (const variant of variants) {
    if (isObject(variant)) {
      const found = fieldsOf(variant);
      if (found) return found;
    }
  }
  return null;
}

function schemaFields(schema: JsonObject, depth = 0): string {
  const object = fieldsOf(schema);
  if (!object || !isObject(object.properties) || depth > 6) return '';
  const required = new Set(Array.isArray(object.required) ? object.required : []);
  const rows = Object.entries(object.properties).map(([name, property]) => {
    if (!isObject(property)) return '';
    const description = asString(property.description);
    const examples = Array.isArray(property.examples)
      ? ` e.g. <code>${escapeHtml(JSON.stringify(property.examples[0]))}</code>`
      : '';
    return `<li><code class="field">${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="optional">optional</span>'} <span class="type">${typeLabel(property)}</span>${
      description ? ` — ${prose(description)}` : ''
    }${examples}${schemaFields(property, depth + 1)}</li>`;
  });
  return `<ul class="fields">${rows.join('')}</ul>`;
}

function renderSchema(schema: unknown): string {
  if (!isObject(schema)) return '';
  return `<div class="schema"><span class="type">${typeLabel(schema)}</span>${schemaFields(schema)}</div>`;
}

function renderContent(content: unknown): string {
  if (!isObject(content)) return '';
  return Object.entries(content)
    .map(([media, value]) => `<p class="media">${escapeHtml(media)}</p>${isObject(value) ? renderSchema(value.schema) : ''}`)
    .join('');
}

function renderParameters(parameters: unknown): string {
  if (!Array.isArray(parameters) || parameters.length === 0) return '';
  const rows = parameters.filter(isObject).map((parameter) => {
    const schema = isObject(parameter.schema) ? parameter.schema : {};
    return `<tr><td><code>${escapeHtml(asString(parameter.name) ?? '')}</code></td><td>${escapeHtml(asString(parameter.in) ?? '')}</td><td>${
      parameter.required === true ? 'yes' : 'no'
    }</td><td>${typeLabel(schema)}</td></tr>`;
  });
  return `<h4>Parameters</h4><table><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">type</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderResponses(responses: unknown): string {
  if (!isObject(responses)) return '';
  const items = Object.entries(responses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, response]) => {
      if (!isObject(response)) return '';
      const kind = status.startsWith('2') || status.startsWith('3') ? 'ok' : 'error';
      return `<li><span class="status ${kind}">${escapeHtml(status)}</span> ${prose(asString(response.description) ?? '')}${renderContent(response.content)}</li>`;
    });
  return `<h4>Responses</h4><ul class="responses">${items.join('')}</ul>`;
}

type Operation = { method: string; path: string; operation: JsonObject };

function operationId(entry: Operation): string {
  return asString(entry.operation.operationId) ?? `${entry.method}-${entry.path}`;
}

function renderOperation(entry: Operation): string {
  const { method, path, operation } = entry;
  const description = asString(operation.description);
  const signedIn = Array.isArray(operation.security) && operation.security.length > 0;
  const body = isObject(operation.requestBody)
    ? `<h4>Request body (JSON)</h4>${renderContent(operation.requestBody.content)}`
    : '';
  return `<section class="operation" id="${escapeHtml(operationId(entry))}" aria-labelledby="${escapeHtml(operationId(entry))}-title">
<h3 id="${escapeHtml(operationId(entry))}-title"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${prose(asString(operation.summary) ?? '')}${signedIn ? ' <span class="badge">signed in</span>' : ''}</p>
${description ? `<p>${prose(description)}</p>` : ''}${renderParameters(operation.parameters)}${body}${renderResponses(operation.responses)}
</section>`;
}

function operationsOf(document: JsonObject): Operation[] {
  const paths = isObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    isObject(item)
      ? METHODS.flatMap((method) => {
          const operation = item[method];
          return isObject(operation) ? [{ method, path, operation }] : [];
        })
      : [],
  );
}

function tagOf(entry: Operation): string {
  return Array.isArray(entry.operation.tags) ? (asString(entry.operation.tags[0]) ?? 'Other') : 'Other';
}

const STYLE = `
:root{color-scheme:light dark;--fg:#0f172a;--muted:#475569;--bg:#fff;--panel:#f1f5f9;--line:#cbd5e1;--ok:#166534;--err:#991b1b;--link:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--fg:#e2e8f0;--muted:#94a3b8;--bg:#0b1120;--panel:#111a2e;--line:#334155;--ok:#86efac;--err:#fca5a5;--link:#93c5fd}}
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}main{max-width:960px;margin:0 auto;padding:1.5rem 1rem 4rem}header p{color:var(--muted)}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}nav ul{columns:2 16rem;padding-left:1.2rem}
.operation{border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0;background:var(--panel)}
.operation h3{margin:.2rem 0;font-size:1rem}.method{display:inline-block;min-width:3.6rem;text-align:center;border-radius:.3rem;padding:0 .4rem;font:700 12px ui-monospace,monospace;color:#fff;background:#334155}
.method.get{background:#1e40af}.method.post{background:#166534}.method.put{background:#92400e}.method.delete{background:#991b1b}
.summary{margin:.2rem 0 .4rem}.badge{font-size:12px;border:1px solid var(--line);border-radius:1rem;padding:0 .5rem;color:var(--muted)}
h4{margin:.8rem 0 .3rem;font-size:.85rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
table{border-collapse:collapse;width:100%}th,td{border:1px solid var(--line);padding:.2rem .5rem;text-align:left}
.responses,.fields{list-style:none;padding-left:0;margin:.2rem 0}.fields .fields{padding-left:1.2rem;border-left:2px solid var(--line)}
.responses>li{margin:.35rem 0}.status{font:700 13px ui-monospace,monospace}.status.ok{color:var(--ok)}.status.error{color:var(--err)}
.type{color:var(--muted)}.optional{font-size:12px;color:var(--muted)}.media{margin:.2rem 0 0;font-size:12px;color:var(--muted)}
.description{white-space:pre-line}`;

export function renderApiReference(document: ApiDocument): string {
  // Walked as plain data: the document's own types are looser than what it holds.
  const json: unknown = JSON.parse(JSON.stringify(document));
  if (!isObject(json)) throw new Error('The API document is not an object');
  const info = isObject(json.info) ? json.info : {};
  const operations = operationsOf(json);
  const tags = Array.isArray(json.tags) ? json.tags.filter(isObject) : [];
  const tagNames = [...tags.map((tag) => asString(tag.name) ?? ''), ...new Set(operations.map(tagOf))].filter(
    (name, index, all) => name !== '' && all.indexOf(name) === index,
  );
  const sections = tagNames
    .map((name) => {
      const inTag = operations.filter((entry) => tagOf(entry) === name);
      if (inTag.length === 0) return '';
      const tagDescription = asString(tags.find((tag) => tag.name === name)?.description);
      return `<section aria-labelledby="tag-${escapeHtml(name)}"><h2 id="tag-${escapeHtml(name)}">${escapeHtml(name)}</h2>${
        tagDescription ? `<p>${prose(tagDescription)}</p>` : ''
      }${inTag.map(renderOperation).join('\n')}</section>`;
    })
    .join('\n');
  const toc = tagNames
    .map((name) => {
      const links = operations
        .filter((entry) => tagOf(entry) === name)
        .map(
          (entry) =>
            `<li><a href="#${escapeHtml(operationId(entry))}">${entry.method.toUpperCase()} ${escapeHtml(entry.path)}</a></li>`,
        );
      return links.join('');
    })
    .join('');
  const components = isObject(json.components) && isObject(json.components.schemas) ? json.components.schemas : {};
  const schemas = Object.entries(components)
    .map(
      ([name, schema]) =>
        `<section class="operation" id="schema-${escapeHtml(name)}"><h3><code>${escapeHtml(name)}</code></h3>${renderSchema(schema)}</section>`,
    )
    .join('');
  const title = `${asString(info.title) ?? 'API'} reference`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main>
<header><h1>${escapeHtml(title)}</h1><p>Version ${escapeHtml(asString(info.version) ?? '')} · OpenAPI ${escapeHtml(
    asString(json.openapi) ?? '',
  )} · the machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> · <a href="/">back to Keel</a></p>
<div class="description">${prose(asString(info.description) ?? '')}</div></header>
<nav aria-label="Endpoints"><h2>Endpoints</h2><ul>${toc}</ul></nav>
${sections}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas}</section>
</main></body></html>`;
}
