import type { OperationScope } from '@commerce/auth';
import {
  PROJECT_ACTION_DTOS,
  RESOURCE_DESCRIPTORS,
  UPDATE_ACTIONS,
  UpdateRequestDto,
  fullActionsOf,
  operationsOf,
  type ActionTable,
  type Descriptor,
} from '@commerce/contracts';
import * as contracts from '@commerce/contracts';
import { fieldsOf, plausible, rulesOf, type Dto, type Field, type References } from './dto-fields.js';
import type { Fixture, FuzzProject } from './fuzz-project.js';

/**
 * What the hostile-input run sends to one route of the operation table: its body (a valid draft or update
 * request and the fields to change in it, from the DTOs' class-validator metadata), the resource it
 * addresses and the tokens it is called with.
 */
export interface RoutePlan {
  id: string;
  operation: OperationScope;
  projectKey: string;
  /** The bodies: a valid one to start from, and the fields one case changes (none: a route without body). */
  body?: BodyPlan;
  /** The resource the route's `:idOrKey`, `:id` or `:importContainerKey` names, and whose version updates use. */
  fixture?: Fixture;
  /** Tried in turn: the project admin's, and a storefront or customer token where the route takes one. */
  tokens: Array<{ name: string; token: string }>;
  /** Real resources by type id, for the references of what a changed field's path fills in. */
  references: References;
}

export interface BodyPlan {
  /** `draft`: a draft DTO's; `update`: `{version, actions}` with one action of the table; `json`: undocumented. */
  kind: 'draft' | 'update' | 'json';
  /** A valid body (as far as the DTOs say) for case `index`: fields are changed in a copy of it. */
  base: (index: number) => object;
  /** The fields cases change, in turn; `[]` is the whole body. */
  fields: Field[];
}

const WHOLE_BODY: Field = { path: [], types: [], optional: false };

/** The body schema name a route has in the gateway's OpenAPI description (`/openapi.json`). */
export type DocumentedBodies = Map<string, string | undefined>;

/** `/openapi.json`'s request body names by `METHOD path` (Fastify path syntax, as in the operation table). */
export function documentedBodies(document: any): DocumentedBodies {
  const bodies: DocumentedBodies = new Map();
  for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
    const route = path.replace(/\{([A-Za-z]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(methods)) {
      const ref: string | undefined = operation.requestBody?.content?.['application/json']?.schema?.$ref;
      bodies.set(`${method.toUpperCase()} ${route}`, ref?.split('/').at(-1));
    }
  }
  return bodies;
}

/** `stores.create` → StoreResource and `create`; `inStore.customers.get` → CustomerResource and `get`. */
function describedOperation(id: string): { descriptor: Descriptor; operation: string } | undefined {
  const parts = id.split('.');
  const [name, operation] = parts[0] === 'inStore' ? parts.slice(1) : parts;
  const descriptor = RESOURCE_DESCRIPTORS.find((d) => d.name === name);
  return descriptor && (operationsOf(descriptor) as string[]).includes(operation ?? '')
    ? { descriptor, operation: operation }
    : undefined;
}

/** An update body: an envelope DTO's plausible value with `actions: [one action]`, each action's fields in turn. */
function updatePlan(
  envelope: Dto,
  actions: ActionTable,
  references: References,
  fixture: Fixture | undefined,
): BodyPlan {
  const names = Object.keys(actions);
  const versioned = rulesOf(envelope).has('version');
  const fields: Field[] = [WHOLE_BODY, ...fieldsOf(envelope)];
  const actionOf: string[] = fields.map(() => names[0]);
  for (const name of names) {
    for (const field of [WHOLE_BODY, ...fieldsOf(actions[name])]) {
      fields.push({
        path: ['actions', 0, ...field.path],
        types: [undefined, actions[name], ...field.types],
        optional: field.optional,
        rules: field.rules,
      });
      actionOf.push(name);
    }
  }
  return {
    kind: 'update',
    fields,
    base: (index) => {
      const name = actionOf[index % fields.length];
      const action = { action: name, ...plausible(actions[name], references) };
      return {
        ...plausible(envelope, references),
        ...(versioned ? { version: fixture?.version ?? 1 } : {}),
        actions: [action],
      };
    },
  };
}

function draftPlan(dto: Dto, seed: () => object): BodyPlan {
  return { kind: 'draft', fields: [WHOLE_BODY, ...fieldsOf(dto)], base: () => seed() };
}

const JSON_BODY: BodyPlan = { kind: 'json', fields: [WHOLE_BODY], base: () => ({}) };

/** The DTO classes of the contracts by class name (what `/openapi.json` names a body by). */
const DTO_BY_NAME = new Map(
  Object.values(contracts)
    .filter((value): value is Dto => typeof value === 'function' && /^[A-Z]/.test(value.name))
    .map((dto) => [dto.name, dto]),
);

/** Where an operation id's resource is, among the fixtures (`me` and `inStore.me` have their own customers). */
function fixtureOf(id: string, project: FuzzProject): Fixture | undefined {
  const parts = id.split('.');
  if (parts[0] === 'inStore')
    return project.fixtures.get(`inStore.${parts[1]}`) ?? project.fixtures.get(parts[1]);
  if (parts[0] === 'productProjections') return project.fixtures.get('products');
  return project.fixtures.get(parts[0]);
}

/** The plan of every route: descriptors' drafts and actions, the other routes' documented body DTOs. */
export function routePlans(
  operations: ReadonlyArray<[string, OperationScope]>,
  project: FuzzProject,
  bootstrap: { projectKey: string; adminToken: string },
  bodies: DocumentedBodies,
): RoutePlan[] {
  const byTypeId = new Map<string, string | undefined>(
    RESOURCE_DESCRIPTORS.map((descriptor) => [descriptor.typeId, project.fixtures.get(descriptor.name)?.id]),
  );
  const references: References = (typeId) => byTypeId.get(typeId);
  const admin = { name: 'manage_project', token: project.adminToken };
  return operations.map(([id, operation]) => {
    const fixture = fixtureOf(id, project);
    const storefront = operation.scopes.some(
      (s) => s === 'manage_my_profile' || s === 'view_published_products',
    );
    const customer = {
      name: 'customer',
      token: id.startsWith('inStore.') ? project.inStoreCustomerToken : project.customerToken,
    };
    const tokens = operation.customer
      ? [customer]
      : storefront
        ? [admin, { name: 'storefront', token: project.storefrontToken }]
        : [admin];
    const plan: RoutePlan = { id, operation, projectKey: project.projectKey, fixture, tokens, references };
    if (id === 'projects.create') {
      plan.projectKey = bootstrap.projectKey;
      plan.tokens = [{ name: 'platform admin', token: bootstrap.adminToken }];
    }
    if (operation.method !== 'POST' && operation.method !== 'PUT') return plan;

    const described = describedOperation(id);
    if (described) {
      const { descriptor, operation: kind } = described;
      const actions = fullActionsOf(descriptor);
      const draft = project.drafts.get(descriptor.name) ?? (() => plausible(descriptor.draft, references));
      if (kind === 'update' && actions) {
        plan.body = updatePlan(descriptor.update?.body ?? UpdateRequestDto, actions, references, fixture);
      } else if (kind === 'update' && descriptor.update) {
        plan.body = draftPlan(descriptor.update.body, () => plausible(descriptor.update!.body, references));
      } else plan.body = draftPlan(descriptor.draft, draft);
      return plan;
    }
    const name = bodies.get(`${operation.method} ${operation.path}`);
    const dto = name ? DTO_BY_NAME.get(name) : undefined;
    if (name === 'UpdateRequest') {
      // The untyped update request: the Project's actions, or a customer's own (`/me`).
      const table: ActionTable = id.startsWith('project.') ? PROJECT_ACTION_DTOS : UPDATE_ACTIONS.customer;
      plan.body = updatePlan(UpdateRequestDto, table, references, fixture);
    } else if (dto) plan.body = draftPlan(dto, () => plausible(dto, references));
    else plan.body = JSON_BODY;
    return plan;
  });
}

/** The real value of a path parameter: the plan's resource, the fuzz project's Store, tokens, ... */
export function realParam(name: string, plan: RoutePlan, project: FuzzProject, keyForm: boolean): string {
  const fixture = plan.fixture;
  switch (name) {
    case 'projectKey':
      return plan.projectKey;
    case 'storeKey':
      return project.storeKey;
    case 'idOrKey':
      return fixture
        ? keyForm && fixture.key
          ? `key=${fixture.key}`
          : fixture.id
        : '00000000-0000-4000-8000-000000000000';
    case 'id':
      return plan.id.startsWith('messages.')
        ? project.messageId
        : (fixture?.id ?? '00000000-0000-4000-8000-000000000000');
    case 'importContainerKey':
      return project.fixtures.get('importContainers')!.key!;
    case 'customerId':
      return project.fixtures.get('customers')?.id ?? '00000000-0000-4000-8000-000000000000';
    // Custom objects are addressed by container and key; none need exist for a hostile request to be answered.
    case 'container':
      return 'fuzz-container';
    case 'key':
      return 'fuzz-key';
    case 'token':
      return plan.operation.path.includes('password-token') ? project.passwordToken : project.emailToken;
    default:
      throw new Error(`no value for the path parameter :${name} of ${plan.id}`);
  }
}
