import { boolean, type Infer, integer, object, optional, string } from '../shapes/shape.js';

/** What the gateway forwards from `POST /oauth/introspect` and `POST /oauth/token/revoke`. */
export interface OAuthClientRequest {
  credentials?: { clientId: string; clientSecret: string };
  form: Record<string, string>;
  correlationId: string;
}

/**
 * RFC 7662 answer: `active` alone when the token is unusable or the caller may not see it. The shape says
 * which fields there are (OpenAPI); the type says which come together, and must fit the shape.
 */
export const IntrospectionResponseShape = object('IntrospectionResponse', {
  active: boolean(),
  scope: optional(string()),
  exp: optional(integer()),
  client_id: optional(string()),
});
export type IntrospectionResponse =
  { active: false } | { active: true; scope: string; exp: number; client_id: string };
const introspectionFitsShape: Infer<typeof IntrospectionResponseShape> = {} as IntrospectionResponse;
void introspectionFitsShape;
