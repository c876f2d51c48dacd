import { OPERATION_SCOPES, type OperationScope } from '@commerce/auth';

/** Where the GraphQL API and its schema are: the OpenAPI description and its page link to them. */
export const GRAPHQL_SCHEMA_PATH = '/graphql/schema.graphql';

type Method = 'get' | 'head' | 'post' | 'put' | 'delete';

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters: Array<{ name: string; in: 'path'; required: true; schema: { type: 'string' } }>;
  security: Array<Record<string, string[]>>;
  'x-customer-token'?: true;
  responses: Record<string, { description: string }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  externalDocs: { description: string; url: string };
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Partial<Record<Method, Operation>>>;
}

/** `/:projectKey/stores/:idOrKey` → `/{projectKey}/stores/{idOrKey}` (`key=:storeKey` keeps its prefix). */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z]+)/g, '{$1}');
}

const paramsOf = (route: string) => [...route.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);

/** The area a route belongs to: its first segment after the project key (and after `in-store/key=…`). */
function tagOf(route: string): string {
  const segments = route.split('/').filter(Boolean).slice(1);
  if (segments[0] === 'in-store') return `in-store ${segments[2] ?? ''}`.trim();
  return segments[0] ?? 'project';
}

/** A scope of the table as the token carries it: `view_stores` → `view_stores:{projectKey}`. */
const scopeOf = (scope: string) => `${scope}:{projectKey}`;

function operationOf(id: string, entry: OperationScope): Operation {
  const scopes = ['manage_project', ...entry.scopes].map(scopeOf);
  return {
    operationId: id,
    tags: [tagOf(entry.path)],
    summary: `${entry.method} ${openApiPath(entry.path)}`,
    parameters: paramsOf(entry.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    // Any one of the scopes is enough (OpenAPI: alternatives are separate requirement objects).
    security: scopes.map((scope) => ({ oauth2: [scope] })),
    ...(entry.customer ? { 'x-customer-token': true as const } : {}),
    responses: {
      '200': { description: 'Success (201 for creates).' },
      '401': { description: 'invalid_token: no or an unusable bearer token.' },
      '403': { description: 'insufficient_scope: the token lacks every scope listed under security.' },
      '404': { description: 'ResourceNotFound, or URI not found for an unknown project or path.' },
    },
  };
}

/**
 * The OpenAPI description of the HTTP API, derived from the one operation table the gateway's guard enforces
 * (libs/auth/src/operation-scopes.ts): every route with its method, path parameters and scopes.
 */
export function openApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [id, entry] of Object.entries(OPERATION_SCOPES) as Array<[string, OperationScope]>) {
    const path = openApiPath(entry.path);
    paths[path] = { ...paths[path], [entry.method.toLowerCase() as Method]: operationOf(id, entry) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce platform HTTP API',
      version: '1',
      description:
        'Compatible with the commercetools HTTP API. Every operation needs a bearer token with one of the listed ' +
        `scopes. GraphQL: POST /{projectKey}/graphql, schema at ${GRAPHQL_SCHEMA_PATH}.`,
    },
    externalDocs: { description: 'The GraphQL schema (SDL)', url: GRAPHQL_SCHEMA_PATH },
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } },
        },
      },
    },
    paths,
  };
}
