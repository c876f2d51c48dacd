import type { CreateProjectRequest, Project } from '@commerce/contracts';

/** A new Project: messages are enabled by default on this platform (retention 15 days). */
export function newProject(request: CreateProjectRequest, now: Date): Project {
  return {
    key: request.key,
    name: request.name ?? request.key,
    version: 1,
    createdAt: now.toISOString(),
    countries: request.countries ?? ['DE', 'US'],
    currencies: request.currencies ?? ['EUR', 'USD'],
    languages: request.languages ?? ['en', 'de'],
    messages: { enabled: true, deleteDaysAfterCreation: 15 },
    carts: { deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: false },
  };
}
