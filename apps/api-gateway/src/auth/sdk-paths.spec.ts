import 'reflect-metadata';
import { capturedEndpoint } from '@commerce/auth';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bootRouteTable } from './route-table.testing.js';

const sdkDir = path.dirname(
  createRequire(import.meta.url).resolve('@commercetools/platform-sdk/package.json'),
);

/**
 * Every request the official SDK's request builders make (`@commercetools/platform-sdk`, generated from its
 * `by-project-key-*-request-builder.ts` files): method and URI template, read from its compiled builders.
 */
function sdkRequests(): string[] {
  const bundle = readFileSync(path.join(sdkDir, 'dist/commercetools-platform-sdk.esm.js'), 'utf8');
  const found = bundle.matchAll(/method:\s*'([A-Z]+)',\s*uriTemplate:\s*'([^']+)'/g);
  return [...new Set([...found].map(([, method, template]) => `${method} ${template}`))].sort();
}

/** The SDK paths the platform does not serve, each with its reason: the table in docs/COMPATIBILITY.md. */
function documentedUnserved(): Map<string, string> {
  const doc = readFileSync(new URL('../../../../docs/COMPATIBILITY.md', import.meta.url), 'utf8');
  const section = doc.split('## SDK paths not served')[1]?.split('\n## ')[0] ?? '';
  const rows = section.matchAll(/^\| `([A-Z]+|\*) ([^`]+)` +\| (.+?) +\|$/gm);
  return new Map([...rows].map(([, method, pattern, why]) => [`${method} ${pattern}`, why]));
}

/**
 * A documented entry names one request, or (`*` for the method, `/**` at the end) any method's request of a path
 * and of everything under it (`* /{projectKey}/as-associate/**`).
 */
function covers(entry: string, request: string): boolean {
  const [method, pattern] = entry.split(' ');
  const [requestMethod, path] = request.split(' ');
  if (method !== '*' && method !== requestMethod) return false;
  if (!pattern.endsWith('/**')) return pattern === path;
  const base = pattern.slice(0, -3);
  return path === base || path.startsWith(`${base}/`);
}

/** A concrete URL for a URI template: every variable a plain value. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x-1');

describe("the official SDK's paths", () => {
  let app: NestFastifyApplication;
  const patterns = new Map<string, string[]>();

  beforeAll(async () => {
    const booted = await bootRouteTable();
    app = booted.app;
    for (const [method, urls] of booted.patterns) patterns.set(method, urls);
  });
  afterAll(() => app?.close());

  /**
   * Whether the gateway has a route for the request: the router matches a pattern whose fixed segments are the
   * template's (a parameter may take a variable or a `name={variable}` segment, never a fixed one: `replicate`
   * taken as a cart's id is not the replicate endpoint), and the gateway does not answer it as an unknown path.
   */
  function routed(request: string): boolean {
    const [method, template] = request.split(' ');
    const url = concrete(template);
    const fastify = app.getHttpAdapter().getInstance();
    const found = fastify.findRoute({ method, url });
    if (!found) return false;
    const params = (found.params ?? {}) as Record<string, string>;
    const matched = (patterns.get(method) ?? []).find(
      (candidate) => candidate.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`) === url,
    );
    if (!matched || capturedEndpoint(matched, params) !== undefined) return false;
    const wanted = template.split('/');
    return matched
      .split('/')
      .every((segment, index) => !segment.includes(':') || wanted[index].includes('{'));
  }

  it('reads the SDK (its request builders are where this test looks)', () => {
    expect(sdkRequests().length).toBeGreaterThan(700);
    expect(sdkRequests()).toContain('GET /{projectKey}/in-store/key={storeKey}/cart-discounts/{ID}');
  });

  it('routes every request of the SDK but the documented ones, and documents only unserved ones', () => {
    const documented = documentedUnserved();
    const unserved = sdkRequests().filter((request) => !routed(request));
    const undocumented = unserved.filter(
      (request) => ![...documented.keys()].some((e) => covers(e, request)),
    );
    const servedButListed = sdkRequests().filter(
      (request) => routed(request) && [...documented.keys()].some((e) => covers(e, request)),
    );
    const stale = [...documented.keys()].filter(
      (entry) => !unserved.some((request) => covers(entry, request)),
    );
    expect({ undocumented, servedButListed, stale }).toEqual({
      undocumented: [],
      servedButListed: [],
      stale: [],
    });
  });
});
