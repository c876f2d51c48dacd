import 'reflect-metadata';
import { OPERATION_SCOPES, capturedEndpoint, operationForRoute } from '@commerce/auth';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bootRouteTable } from './route-table.testing.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const;

/** A concrete path for a route pattern: every parameter filled with a plain value. */
function concrete(segments: string[]): string {
  return segments
    .map((segment) => {
      if (segment === ':projectKey') return 'pk';
      if (segment.startsWith(':')) return 'some-id';
      const param = segment.indexOf('=:');
      return param < 0 ? segment : `${segment.slice(0, param + 1)}x`;
    })
    .join('/');
}

describe('fixed segments of the route table', () => {
  let app: NestFastifyApplication;
  /** Every registered route pattern, by method. */
  const patterns = new Map<string, string[]>();

  beforeAll(async () => {
    const booted = await bootRouteTable();
    app = booted.app;
    for (const [method, urls] of booted.patterns) patterns.set(method, urls);
  });
  afterAll(() => app?.close());

  it('finds the search endpoints where a parameter would otherwise take them as an id', () => {
    expect(capturedEndpoint('/:projectKey/products/:idOrKey', { projectKey: 'pk', idOrKey: 'search' })).toBe(
      'search',
    );
    expect(capturedEndpoint('/:projectKey/customers/:idOrKey', { projectKey: 'pk', idOrKey: 'search' })).toBe(
      'search',
    );
    expect(
      capturedEndpoint('/:projectKey/products/:idOrKey', { projectKey: 'pk', idOrKey: 'key=search' }),
    ).toBe(undefined);
    expect(capturedEndpoint('/:projectKey/products/:idOrKey', { projectKey: 'pk', idOrKey: 'a-b-c' })).toBe(
      undefined,
    );
  });

  it('never takes a path that names an endpoint for a resource of its parent, whatever the method', () => {
    const fastify = app.getHttpAdapter().getInstance();
    const prefixes = new Set<string>();
    for (const { path } of Object.values(OPERATION_SCOPES)) {
      const segments = path.split('/');
      segments.forEach((segment, index) => {
        if (index >= 2 && !segment.startsWith(':')) prefixes.add(segments.slice(0, index + 1).join('/'));
      });
    }
    const problems: string[] = [];
    for (const pattern of prefixes) {
      const url = concrete(pattern.split('/'));
      for (const method of METHODS) {
        const found = fastify.findRoute({ method, url });
        const params = (found?.params ?? {}) as Record<string, string>;
        // The pattern the router matched: the registered one that gives this URL with these parameters.
        const matched = found
          ? (patterns.get(method) ?? []).find(
              (candidate) =>
                candidate.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`) === url,
            )
          : undefined;
        const own = operationForRoute(method, pattern);
        // The endpoint's own route must win; without one, any route that matches must be one whose
        // parameter the gateway recognises as an endpoint's name (answered 404 "URI not found").
        if (own && matched !== pattern) problems.push(`${method} ${url}: matched ${matched ?? 'nothing'}`);
        if (!own && found && capturedEndpoint(matched ?? '', params) === undefined) {
          problems.push(`${method} ${url}: taken by ${matched ?? '?'} as ${JSON.stringify(found.params)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
