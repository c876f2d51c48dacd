import type { ExternalOAuth, Project } from '@commerce/contracts';
import type { SecretBox } from '@commerce/service-kit';

/**
 * The external OAuth setting as stored in the project document: the `Authorization` header sealed by the
 * platform's `SecretBox` (bound to the project) and its masked form for reads, never the header itself.
 */
export interface StoredExternalOAuth {
  url: string;
  authorizationHeaderSealed: string;
  authorizationHeaderMasked: string;
}

/** How rows written before the header was sealed hold it (sealed at start by `ExternalOAuthSealing`). */
export interface PlainExternalOAuth {
  url: string;
  authorizationHeader: string;
}

/** A project document as auth-service stores it. */
export type StoredProject = Omit<Project, 'externalOAuth'> & {
  externalOAuth?: StoredExternalOAuth | PlainExternalOAuth;
};

/** The additional authenticated data of a sealed header: it opens only for its own project. */
export const externalOAuthContext = (projectKey: string) =>
  `project:${projectKey}:externalOAuth.authorizationHeader`;

export const isPlain = (stored: StoredExternalOAuth | PlainExternalOAuth): stored is PlainExternalOAuth =>
  'authorizationHeader' in stored;

/**
 * The Authorization header as a read shows it: the scheme stays, the credential keeps only its last four
 * characters (`Bearer ****abcd`); a short credential is hidden entirely.
 */
export function maskAuthorizationHeader(header: string): string {
  const space = header.indexOf(' ');
  const scheme = space > 0 ? `${header.slice(0, space)} ` : '';
  const credential = space > 0 ? header.slice(space + 1) : header;
  const visible = credential.length >= 12 ? credential.slice(-4) : '';
  return `${scheme}****${visible}`;
}

/** Seals a header as it is written (`setExternalOAuth`); the plaintext is not kept. */
export function sealExternalOAuth(
  projectKey: string,
  { url, authorizationHeader }: ExternalOAuth,
  box: SecretBox,
): StoredExternalOAuth {
  return {
    url,
    authorizationHeaderSealed: box.seal(authorizationHeader, externalOAuthContext(projectKey)),
    authorizationHeaderMasked: maskAuthorizationHeader(authorizationHeader),
  };
}

/** The header in clear, for the introspection call only (a row not sealed yet holds it as it was sent). */
export function openExternalOAuth(
  projectKey: string,
  stored: StoredExternalOAuth | PlainExternalOAuth,
  box: () => SecretBox,
): ExternalOAuth {
  if (isPlain(stored)) return { url: stored.url, authorizationHeader: stored.authorizationHeader };
  const authorizationHeader = box().open(stored.authorizationHeaderSealed, externalOAuthContext(projectKey));
  return { url: stored.url, authorizationHeader };
}

/** A Project as the API returns it: the external OAuth header masked, nothing sealed. */
export function projectView(stored: StoredProject): Project {
  const { externalOAuth, ...project } = stored;
  if (!externalOAuth) return project;
  const authorizationHeader = isPlain(externalOAuth)
    ? maskAuthorizationHeader(externalOAuth.authorizationHeader)
    : externalOAuth.authorizationHeaderMasked;
  return { ...project, externalOAuth: { url: externalOAuth.url, authorizationHeader } };
}
