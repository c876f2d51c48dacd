import { sdk } from '../support/sdk.js';

export type Client = Awaited<ReturnType<typeof sdk>>;

export interface GraphqlResponse {
  status: number;
  data?: any;
  errors?: { message: string; path?: (string | number)[]; locations?: unknown[]; extensions: any }[];
}

/**
 * Sends a query through the official SDK's `graphql()` builder. A 4xx (a query that is itself invalid) makes
 * the SDK throw; its status and body are answered the same way.
 */
export async function graphql(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphqlResponse> {
  try {
    const response = await client
      .graphql()
      .post({ body: { query, ...(variables ? { variables } : {}) } })
      .execute();
    return { status: response.statusCode ?? 200, ...(response.body as object) };
  } catch (error) {
    const failure = error as { statusCode?: number; body?: object };
    if (!failure.statusCode) throw error;
    return { status: failure.statusCode, ...(failure.body ?? {}) };
  }
}

/** The data of a query that must succeed without errors. */
export async function data(client: Client, query: string, variables?: Record<string, unknown>) {
  const response = await graphql(client, query, variables);
  if (response.status !== 200 || response.errors) {
    throw new Error(`GraphQL answered ${response.status}: ${JSON.stringify(response.errors)}`);
  }
  return response.data;
}

/** `[{locale, value}]` of the GraphQL API from `{en: ...}`. */
export const localized = (value: Record<string, string>) =>
  Object.entries(value).map(([locale, text]) => ({ locale, value: text }));
