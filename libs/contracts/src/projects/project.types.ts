export interface MessagesConfiguration {
  enabled: boolean;
  deleteDaysAfterCreation?: number;
}

export interface ExternalOAuth {
  url: string;
  authorizationHeader: string;
}

/** A Project (reference facts 4.5): no `id`, no `lastModifiedAt`. */
export interface Project {
  key: string;
  name: string;
  version: number;
  createdAt: string;
  countries: string[];
  currencies: string[];
  languages: string[];
  messages: MessagesConfiguration;
  carts: { deleteDaysAfterLastModification: number; countryTaxRateFallbackEnabled: boolean };
  externalOAuth?: ExternalOAuth;
}

/** A project to create with its admin API client: the bootstrap's (with its configured admin) or a draft's. */
export interface CreateProjectRequest {
  key: string;
  name?: string;
  languages?: string[];
  countries?: string[];
  currencies?: string[];
  admin?: { clientId?: string; clientSecret?: string };
}

export interface CreateProjectResult {
  project: Project;
  adminClient: { id: string; secret?: string; scope: string };
}
