import type { Project } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import type { EventBus, RpcClient } from '@commerce/messaging';
import type { DataSource } from 'typeorm';
import type { ApiClientsRepository } from '../api-clients/api-clients.repository.js';
import type { AuthConfig } from '../auth.config.js';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import type { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

/** In-memory projects and clients: enough to check what create() decides. */
function service() {
  const projects = new Map<string, Project>();
  const clients: Array<{ id: string; projectKey: string }> = [];
  const repository = {
    insertIfAbsent: async (project: Project) =>
      projects.has(project.key) ? false : (projects.set(project.key, project), true),
    find: async (key: string) => projects.get(key),
  } as unknown as ProjectsRepository;
  const clientRepository = {
    insert: async (client: { id: string; projectKey: string }) => void clients.push(client),
    upsertAdmin: async (client: { id: string; projectKey: string }) =>
      void (clients.some((c) => c.id === client.id) || clients.push(client)),
  } as unknown as ApiClientsRepository;
  const db = { transaction: <T>(work: (tx: unknown) => Promise<T>) => work({}) } as unknown as DataSource;
  return {
    projects: new ProjectsService(
      db,
      repository,
      clientRepository,
      {} as RpcClient,
      {} as EventBus,
      new AuthSecrets({} as AuthConfig),
    ),
    clients,
  };
}

describe(ProjectsService.name, () => {
  it('creates a project with a generated admin client whose secret is shown once', async () => {
    const { projects, clients } = service();
    const result = await projects.create({ key: 'shop-b' });
    expect(result.adminClient).toMatchObject({ scope: 'manage_project:shop-b', secret: expect.any(String) });
    expect(clients).toHaveLength(1);
  });

  it('refuses to create a project that exists (DuplicateField), minting no second client', async () => {
    const { projects, clients } = service();
    await projects.create({ key: 'shop-b' });
    const error = (await projects.create({ key: 'shop-b' }).catch((e: unknown) => e)) as ApiError;
    expect(error.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'shop-b' });
    expect(clients).toHaveLength(1);
  });

  it('re-applies the configured bootstrap admin client on every start without failing', async () => {
    const { projects, clients } = service();
    const admin = { clientId: 'configured-admin', clientSecret: 's'.repeat(32) };
    await projects.create({ key: 'demo', admin });
    const again = await projects.create({ key: 'demo', admin });
    expect(again.adminClient).toEqual({ id: 'configured-admin', scope: 'manage_project:demo' });
    expect(clients).toHaveLength(1);
  });

  it("refuses a key the gateway's own paths use (images)", async () => {
    const { projects, clients } = service();
    const error = (await projects.create({ key: 'images' }).catch((e: unknown) => e)) as ApiError;
    expect(error.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: "key: 'images' is reserved for the platform's own paths.",
    });
    expect(clients).toHaveLength(0);
  });
});
