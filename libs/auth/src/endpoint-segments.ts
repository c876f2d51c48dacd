import { OPERATION_SCOPES, type OperationScope } from './operation-scopes.js';

/**
 * Path segments that name an endpoint, by the route parameter that could otherwise capture them: for every
 * parametric segment of the route table (`/:projectKey/products/:idOrKey`), the fixed segments other routes
 * have at the same place below the same parent (`search` of `/:projectKey/products/search`), and the fixed
 * prefixes of `name=:param` segments (`password-token=`). The router prefers a fixed segment for the methods
 * that have one; for the other methods the parameter would take the endpoint's name as an id or a key, so
 * the gateway answers such a request as an unknown path instead (`capturedEndpoint`).
 */
function endpointSegments(
  routes: readonly OperationScope[],
): Map<string, { fixed: Set<string>; prefixes: string[] }> {
  const paths = [...new Set(routes.map((route) => route.path))].map((path) => path.split('/'));
  const byParam = new Map<string, { fixed: Set<string>; prefixes: string[] }>();
  for (const path of paths) {
    path.forEach((segment, index) => {
      if (!segment.startsWith(':')) return;
      const parent = path.slice(0, index).join('/');
      const entry = { fixed: new Set<string>(), prefixes: [] as string[] };
      for (const other of paths) {
        if (other.length <= index || other.slice(0, index).join('/') !== parent) continue;
        const candidate = other[index];
        if (candidate.startsWith(':')) continue;
        const param = candidate.indexOf('=:');
        if (param < 0) entry.fixed.add(candidate);
        else if (candidate.slice(0, param) !== 'key') entry.prefixes.push(candidate.slice(0, param + 1));
      }
      if (entry.fixed.size > 0 || entry.prefixes.length > 0) byParam.set(`${parent}/${segment}`, entry);
    });
  }
  return byParam;
}

const ENDPOINT_SEGMENTS = endpointSegments(Object.values(OPERATION_SCOPES));

/** A route template's parameters that could capture an endpoint's name, with those names. */
type Capturing = Array<{ param: string; fixed: Set<string>; prefixes: string[] }>;

/** By route template (the router's patterns, never a request's path: bounded by the route table). */
const CAPTURING = new Map<string, Capturing>();

function capturingOf(routePath: string): Capturing {
  let capturing = CAPTURING.get(routePath);
  if (capturing === undefined) {
    const segments = routePath.split('/');
    capturing = segments.flatMap((segment, index) => {
      const entry = segment.startsWith(':')
        ? ENDPOINT_SEGMENTS.get(segments.slice(0, index + 1).join('/'))
        : undefined;
      return entry ? [{ param: segment.slice(1), ...entry }] : [];
    });
    CAPTURING.set(routePath, capturing);
  }
  return capturing;
}

/**
 * The endpoint name a matched route's parameter captured, if any: `search` for `GET /{projectKey}/products/search`
 * matched as `GET /:projectKey/products/:idOrKey`. Such a request names an endpoint, never a resource.
 * `routePath` is the matched route's template.
 */
export function capturedEndpoint(
  routePath: string,
  params: Readonly<Record<string, string | undefined>>,
): string | undefined {
  for (const { param, fixed, prefixes } of capturingOf(routePath)) {
    const value = params[param];
    if (value === undefined) continue;
    if (fixed.has(value) || prefixes.some((prefix) => value.startsWith(prefix))) return value;
  }
  return undefined;
}
