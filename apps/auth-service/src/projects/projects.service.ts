import type { CreateProjectRequest, CreateProjectResult, Project, RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiClientsRepository } from '../api-clients/api-clients.repository.js';
import { hashSecret, randomClientId, randomToken } from '../tokens/secrets.js';
import { newProject } from './project.defaults.js';
import { ProjectsRepository } from './projects.repository.js';

const PROJECT_KEY = /^[a-z0-9][a-z0-9-]{0,254}[a-z0-9]$/;

@Injectable()
export class ProjectsService {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly clients: ApiClientsRepository,
  ) {}

  async get(ctx: RequestContext): Promise<Project> {
    const project = await this.projects.find(ctx.projectKey);
    if (!project) throw Errors.resourceNotFound({ key: ctx.projectKey });
    return project;
  }

  /**
   * Creates a project with an admin client of scope `manage_project:{key}`. A given admin id and secret are
   * kept in sync on every call (so a rotated configured secret takes effect); otherwise they are generated
   * and the secret is returned this once.
   */
  async create(request: CreateProjectRequest): Promise<CreateProjectResult> {
    if (typeof request?.key !== 'string' || !PROJECT_KEY.test(request.key)) {
      throw Errors.invalidJsonInput('key: must be 2 to 256 lower-case letters, digits or hyphens.');
    }
    const givenSecret = request.admin?.clientSecret;
    if (givenSecret !== undefined && givenSecret.length < 32) {
      throw Errors.invalidJsonInput('admin.clientSecret: must be at least 32 characters.');
    }
    const id = request.admin?.clientId ?? randomClientId();
    const secret = givenSecret ?? randomToken();
    const scope = `manage_project:${request.key}`;
    return this.db.transaction(async (tx) => {
      await this.projects.insertIfAbsent(newProject(request, new Date()), tx);
      const record = {
        id,
        projectKey: request.key,
        name: 'admin',
        scope,
        secretHash: hashSecret(secret),
        createdAt: new Date(),
        lastUsedAt: null,
        accessTokenValiditySeconds: null,
        refreshTokenValiditySeconds: null,
        deleteAt: null,
      };
      if (request.admin?.clientId) await this.clients.upsertAdmin(record, tx);
      else await this.clients.insert(record, tx);
      const project = (await this.projects.find(request.key, tx))!;
      return { project, adminClient: { id, scope, ...(givenSecret ? {} : { secret }) } };
    });
  }
}
