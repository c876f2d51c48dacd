/** What the gateway forwards from `POST /oauth/introspect` and `POST /oauth/token/revoke`. */
export interface OAuthClientRequest {
  credentials?: { clientId: string; clientSecret: string };
  form: Record<string, string>;
  correlationId: string;
}

/** RFC 7662 answer: `active` alone when the token is unusable or the caller may not see it. */
export type IntrospectionResponse =
  { active: false } | { active: true; scope: string; exp: number; client_id: string };
