import type { OpenApiDocument } from './openapi.document.js';
import { GRAPHQL_SCHEMA_PATH } from './openapi.document.js';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A browsable page of the OpenAPI description: the operations by area, with their scopes. */
export function openApiPage(document: OpenApiDocument): string {
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
  const sections = [...byTag]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, rows]) =>
        `<section><h2>${escape(tag)}</h2><table><thead><tr><th>method</th><th>path</th><th>operation</th>` +
        `<th>scopes (any one)</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:80rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;font-size:.9rem}h2{margin-top:2rem}</style>
</head><body>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).
GraphQL: <code>POST /{projectKey}/graphql</code>, schema <a href="${GRAPHQL_SCHEMA_PATH}">${GRAPHQL_SCHEMA_PATH}</a>.</p>
${sections}
</body></html>`;
}
