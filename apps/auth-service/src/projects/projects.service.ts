import {
  Events,
  Subjects,
  ProjectDraftDto,
  UpdateRequestDto,
  type CreateProjectRequest,
  type CreateProjectResult,
  type ExternalOAuth,
  type Project,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { EventBus, RpcClient } from '@commerce/messaging';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { parseDto } from '@commerce/service-kit';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiClientsRepository } from '../api-clients/api-clients.repository.js';
import { loadBootstrapConfig } from '../bootstrap/bootstrap.config.js';
import { hashSecret, randomClientId, randomToken } from '../tokens/secrets.js';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import {
  isPlain,
  openExternalOAuth,
  projectView,
  sealExternalOAuth,
  type StoredProject,
} from './external-oauth.js';
import { newProject } from './project.defaults.js';
import { applyProjectActions } from './project-update-actions.js';
import { ProjectsRepository } from './projects.repository.js';

const PROJECT_KEY = /^[a-z0-9][a-z0-9-]{0,254}[a-z0-9]$/;
/** First path segments the gateway serves itself: a project of that key would share its paths (`/images/...`). */
const RESERVED_PROJECT_KEYS = new Set(['images']);

const HEADER = 'an external OAuth Authorization header';

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger(ProjectsService.name);

  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly clients: ApiClientsRepository,
    private readonly rpc: RpcClient,
    private readonly events: EventBus,
    private readonly secrets: AuthSecrets,
  ) {}

  /** The Project as the API shows it (the external OAuth header partly hidden). */
  async get(ctx: RequestContext): Promise<Project> {
    return projectView(await this.find(ctx.projectKey));
  }

  /**
   * The project's external OAuth configuration with its header opened: for the gateway's introspection call
   * only (never an HTTP answer, never logged). The one place the sealed header is opened.
   */
  async externalOAuth(ctx: RequestContext): Promise<{ externalOAuth: ExternalOAuth | null }> {
    const stored = (await this.projects.find(ctx.projectKey))?.externalOAuth;
    if (!stored) return { externalOAuth: null };
    try {
      return { externalOAuth: openExternalOAuth(ctx.projectKey, stored, () => this.secrets.sealer(HEADER)) };
    } catch {
      this.logger.warn({
        projectKey: ctx.projectKey,
        msg: 'the external OAuth Authorization header does not open with SECRETS_ENCRYPTION_KEYS',
      });
      throw Errors.externalOAuthFailed(
        'The stored Authorization header cannot be opened with the configured SECRETS_ENCRYPTION_KEYS; set it again.',
      );
    }
  }

  /** Applies update actions at the expected version and tells every listener the project changed. */
  async update(ctx: RequestContext, rawUpdate: unknown): Promise<Project> {
    const update = parseDto(UpdateRequestDto, rawUpdate);
    const current = await this.find(ctx.projectKey);
    if (current.version !== update.version) {
      throw Errors.concurrentModification(current.key, update.version, current.version);
    }
    const changed = await applyProjectActions(current, update.actions, {
      ctx,
      now: () => new Date(),
      outbound: outboundPolicyFromEnv(),
      languagesUsedInStores: (languages) => this.languagesUsedInStores(ctx, languages),
      sealExternalOAuth: (externalOAuth) =>
        sealExternalOAuth(ctx.projectKey, externalOAuth, this.secrets.sealer(HEADER)),
    });
    const next: StoredProject = { ...this.sealedOnWrite(changed), version: current.version + 1 };
    if (!(await this.projects.replace(next, current.version))) {
      const latest = await this.find(ctx.projectKey);
      throw Errors.concurrentModification(current.key, update.version, latest.version);
    }
    await this.events.publish(Events.projectChanged, { projectKey: ctx.projectKey });
    return projectView(next);
  }

  /** A header kept from a row written before headers were sealed is sealed by any write (when keys exist). */
  private sealedOnWrite(project: StoredProject): StoredProject {
    const stored = project.externalOAuth;
    if (!stored || !isPlain(stored) || !this.secrets.configured) return project;
    return { ...project, externalOAuth: sealExternalOAuth(project.key, stored, this.secrets.sealer(HEADER)) };
  }

  private async find(projectKey: string): Promise<StoredProject> {
    const project = await this.projects.find(projectKey);
    if (!project) throw Errors.resourceNotFound({ key: projectKey });
    return project;
  }

  private async languagesUsedInStores(ctx: RequestContext, languages: string[]): Promise<boolean> {
    const list = languages.map((language) => JSON.stringify(language)).join(', ');
    const page = await this.rpc.send(Subjects.stores.store.query, {
      ctx,
      query: { where: `languages contains any (${list})`, limit: '1', withTotal: 'false' },
    });
    return page.results.length > 0;
  }

  /**
   * A project the platform's admin creates through the API (`POST /{projectKey}/projects`): only the admin of
   * the bootstrap project (COMMERCE_PROJECT_KEY, the operator's own) may; for any other project the route does
   * not exist. The new admin client's secret is answered this once.
   */
  async createFromDraft(ctx: RequestContext, rawDraft: unknown): Promise<CreateProjectResult> {
    if (ctx.projectKey !== loadBootstrapConfig().COMMERCE_PROJECT_KEY) {
      throw Errors.routeNotFound(`/${ctx.projectKey}/projects`);
    }
    const draft = parseDto(ProjectDraftDto, rawDraft);
    return this.create(draft);
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
    if (RESERVED_PROJECT_KEYS.has(request.key)) {
      throw Errors.invalidJsonInput(`key: '${request.key}' is reserved for the platform's own paths.`);
    }
    const givenSecret = request.admin?.clientSecret;
    if (givenSecret !== undefined && givenSecret.length < 32) {
      throw Errors.invalidJsonInput('admin.clientSecret: must be at least 32 characters.');
    }
    const id = request.admin?.clientId ?? randomClientId();
    const secret = givenSecret ?? randomToken();
    const scope = `manage_project:${request.key}`;
    return this.db.transaction(async (tx) => {
      const created = await this.projects.insertIfAbsent(newProject(request, new Date()), tx);
      // The bootstrap re-applies its configured admin client on every start; anyone else creates a new project.
      if (!created && !request.admin?.clientId) throw Errors.duplicateField('key', request.key);
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
      return {
        project: projectView(project),
        adminClient: { id, scope, ...(givenSecret ? {} : { secret }) },
      };
    });
  }
}
