import type { ExternalOAuth, Project } from '@commerce/contracts';

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

/** A Project as the API returns it: the external OAuth header partly hidden. */
export function projectView(project: Project): Project {
  if (!project.externalOAuth) return project;
  const externalOAuth: ExternalOAuth = {
    url: project.externalOAuth.url,
    authorizationHeader: maskAuthorizationHeader(project.externalOAuth.authorizationHeader),
  };
  return { ...project, externalOAuth };
}
