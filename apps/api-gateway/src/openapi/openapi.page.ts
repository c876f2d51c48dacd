import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenApiDocument } from './openapi.document.js';

/** Where the gateway serves the GraphQL schema (SDL). */
export const GRAPHQL_SCHEMA_PATH = '/graphql/schema.graphql';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The files of Swagger UI the page loads, served by the gateway itself (no CDN: `/docs` works offline). */
export const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'init.js': 'text/javascript; charset=utf-8',
} as const;
export type DocsAsset = keyof typeof DOCS_ASSETS;

/**
 * Starts Swagger UI on the description (a file, not an inline script, so a strict CSP can allow 'self').
 * Swagger UI 5 stops rendering the operations after the first HEAD operation of an OpenAPI 3.1 document,
 * so the browsable view leaves the HEAD routes (existence checks) out; /openapi.json and the table on the
 * page list them.
 */
const INIT = `fetch('/openapi.json')
  .then((response) => response.json())
  .then((spec) => {
    for (const methods of Object.values(spec.paths)) delete methods.head;
    window.ui = SwaggerUIBundle({
      spec,
      dom_id: '#swagger-ui',
      deepLinking: true,
      // Tags start collapsed: with every tag expanded (about 125 operations) Swagger UI 5 stops drawing partway.
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
    });
  });
`;

/** Reads the Swagger UI assets from the `swagger-ui-dist` package once. */
export async function loadDocsAssets(): Promise<Record<DocsAsset, string>> {
  const dir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const [css, bundle] = await Promise.all([
    readFile(path.join(dir, 'swagger-ui.css'), 'utf8'),
    readFile(path.join(dir, 'swagger-ui-bundle.js'), 'utf8'),
  ]);
  // The bundle's last line points at a source map we do not serve.
  return {
    'swagger-ui.css': css,
    'swagger-ui-bundle.js': bundle.replace(/\n\/\/# sourceMappingURL=.*$/, '\n'),
    'init.js': INIT,
  };
}

/** The operations by area with their scopes, as plain HTML. */
function operationTables(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const scopes = operation.security.map((requirement) => Object.values(requirement)[0][0]).join(', ');
      const row =
        `<tr id="${escape(operation.operationId)}"><td>${method.toUpperCase()}</td><td><code>${escape(path)}</code></td>` +
        `<td>${escape(operation.operationId)}</td><td>${escape(scopes)}</td></tr>`;
      byTag.set(operation.tags[0], [...(byTag.get(operation.tags[0]) ?? []), row]);
    }
  }
  return [...byTag]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, rows]) =>
        `<section><h2>${escape(tag)}</h2><table><thead><tr><th>method</th><th>path</th><th>operation</th>` +
        `<th>scopes (any one)</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`,
    )
    .join('\n');
}

/**
 * The browsable description: Swagger UI on `/openapi.json` (operations by area, parameters, request body
 * schemas, scopes), and every operation in plain tables (HEAD routes too; readable without JavaScript).
 */
export function openApiPage(document: OpenApiDocument): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)}</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<style>body{margin:0}.intro{font-family:system-ui,sans-serif;margin:1rem 2rem}
details table{border-collapse:collapse;width:100%}details td,details th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left}</style>
</head><body>
<div class="intro">
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).
GraphQL: <code>POST /{projectKey}/graphql</code>, schema <a href="${GRAPHQL_SCHEMA_PATH}">${GRAPHQL_SCHEMA_PATH}</a>.</p>
</div>
<div id="swagger-ui"></div>
<div class="intro"><details><summary>Every operation with its scopes, HEAD routes included</summary>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description)}</p>
${operationTables(document)}</details></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;
}
