import { RESOURCE_TYPE_IDS } from '@commerce/contracts';
import { http, type HttpResponse } from '../support/http.js';
import { productDraft, productTypeDraft, typeDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { withField, type Field } from './support/dto-fields.js';
import { fuzzProject, type FuzzProject } from './support/fuzz-project.js';
import { encodeComponent } from './support/hostile.js';
import { holds, Ledger } from './support/ledger.js';
import { documentedBodies, realParam, routePlans, type RoutePlan } from './support/route-plans.js';
import { describeResponse, isErrorBody, OPERATIONS } from './support/routes.js';

/**
 * API8, names of `Object.prototype` members as client-chosen keys, on every route of the operation table: each of
 * {@link NAMES} as the sort field, the where field (and custom field) name, the expand path, an update action's
 * name, a localized string's key and a custom field's name. A table lookup that reads the prototype answers
 * these with a 500; the platform answers a success or a 4xx with the error body. Deterministic: the same
 * requests on every run.
 */

const NAMES = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'] as const;
/** Routes tried at once (a route's requests go one after another: its writes change its resource's version). */
const CONCURRENCY = 6;
/** `API8_ROUTES=<operation id>,...` narrows the run to some routes. */
const ONLY = process.env.API8_ROUTES?.split(',').filter(Boolean);

interface Case {
  what: string;
  method: string;
  path: string;
  /** JSON text: `__proto__` must stay an own key, which only a JSON text (or `JSON.parse`) writes. */
  body?: string;
  token: string;
}

/** An object with one client-chosen key among others, an own property even when it is `__proto__`. */
const withKey = (name: string, value: unknown, others: Record<string, unknown> = {}) =>
  Object.fromEntries([...Object.entries(others), [name, value]]) as Record<string, unknown>;

function pathOf(plan: RoutePlan, project: FuzzProject): string {
  return plan.operation.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(realParam(name, plan, project, false)),
  );
}

/** The query cases of a route: the name as sort field, where field, custom field in a where, expand path. */
function queryCases(plan: RoutePlan, project: FuzzProject): Case[] {
  const path = pathOf(plan, project);
  const version =
    plan.operation.method === 'DELETE' && plan.fixture ? `&version=${plan.fixture.version}` : '';
  return NAMES.flatMap((name, i) =>
    [
      ['sort', `sort=${encodeComponent(i % 2 ? `${name} desc` : name)}`],
      ['where field', `where=${encodeComponent(`${name} = "x"`)}`],
      ['where custom field', `where=${encodeComponent(`custom(fields(${name} = "x"))`)}`],
      ['expand', `expand=${encodeComponent(name)}`],
    ].map(([what, query]) => ({
      what: `${what} ${name}`,
      method: plan.operation.method,
      path: `${path}?${query}${version}`,
      ...(plan.body ? { body: JSON.stringify(plan.body.base(0)) } : {}),
      token: plan.tokens[0].token,
    })),
  );
}

const isLocalized = (field: Field) => field.rules?.some((r) => r === 'isLocalizedString' || r === 'isSlug');
const isCustom = (field: Field) => field.path.at(-1) === 'custom';

/** The body cases of a route: action names, localized string keys and custom field names. */
function bodyCases(plan: RoutePlan, project: FuzzProject, typeKey: string): Case[] {
  const body = plan.body;
  if (!body || body.kind === 'json') return [];
  const path = pathOf(plan, project);
  const token = plan.tokens[0].token;
  const cases: Case[] = [];
  const add = (what: string, value: object) =>
    cases.push({ what, method: plan.operation.method, path, body: JSON.stringify(value), token });
  const customDraft = (name: string) => ({
    type: { key: typeKey, typeId: 'type' },
    fields: withKey(name, 'x', { note: 'x' }),
  });
  const actionNames = new Set<string>();
  body.fields.forEach((field, index) => {
    const base = body.base(index) as { actions?: Array<{ action: string }> };
    if (body.kind === 'update' && base.actions) actionNames.add(base.actions[0].action);
    for (const name of NAMES) {
      if (isLocalized(field))
        add(
          `${name} as a key of ${field.path.join('.')}`,
          withField(base, field, withKey(name, 'x', { en: 'x' }), plan.references),
        );
      if (isCustom(field))
        add(
          `${name} as a custom field of ${field.path.join('.')}`,
          withField(base, field, customDraft(name), plan.references),
        );
    }
  });
  if (body.kind === 'update') {
    const envelope = body.base(0) as { actions: unknown[] };
    for (const name of NAMES) {
      add(`${name} as an action`, { ...envelope, actions: [{ action: name }] });
      if (actionNames.has('setCustomType') && actionNames.has('setCustomField')) {
        add(`${name} as a setCustomField name`, {
          ...envelope,
          actions: [
            { action: 'setCustomType', type: { key: typeKey, typeId: 'type' } },
            { action: 'setCustomField', name, value: 'x' },
          ],
        });
        add(`${name} in setCustomType's fields`, {
          ...envelope,
          actions: [{ action: 'setCustomType', ...customDraft(name) }],
        });
      }
    }
  }
  return cases;
}

/** Sends a case; an update refused for its version is sent again at the current one. */
async function send(plan: RoutePlan, request: Case): Promise<HttpResponse> {
  const versioned = (version: number | undefined) => {
    if (request.body === undefined || version === undefined) return request.body;
    const parsed = JSON.parse(request.body) as Record<string, unknown>;
    return 'version' in parsed ? JSON.stringify({ ...parsed, version }) : request.body;
  };
  const call = (body: string | undefined) =>
    http(request.method, request.path, {
      token: request.token,
      ...(body !== undefined ? { rawBody: body } : {}),
    });
  let response = await call(versioned(plan.fixture?.version));
  const current = response.status === 409 ? response.body?.errors?.[0]?.currentVersion : undefined;
  if (typeof current === 'number') response = await call(versioned(current));
  if (plan.fixture && response.status === 200 && response.body?.id === plan.fixture.id) {
    plan.fixture.version = Number(response.body.version);
  }
  return response;
}

/**
 * A Type whose fields, and a product type whose attributes, are named like the members (the names are valid),
 * a product that sets them all, and reads and searches that name them.
 */
async function namedLikeMembers(project: FuzzProject, typeKey: string): Promise<void> {
  const call = (method: string, path: string, body?: unknown) =>
    http(method, `/${project.projectKey}${path && `/${path}`}`, {
      token: project.adminToken,
      ...(body ? { body } : {}),
    });
  const expectOk = (response: HttpResponse, what: string) =>
    holds(response.status < 300, `${what}: ${describeResponse(response)}`);
  const named = (each: (name: string) => object) =>
    NAMES.map((name) => ({ name, label: { en: name }, ...each(name) }));
  const fieldDefinitions = named(() => ({ required: false, type: { name: 'String' } }));
  const type = await call('POST', 'types', typeDraft([...RESOURCE_TYPE_IDS], { key: typeKey }));
  expectOk(type, 'creating a Type');
  expectOk(
    await call('POST', `types/${type.body.id}`, {
      version: type.body.version,
      actions: fieldDefinitions.map((fieldDefinition) => ({ action: 'addFieldDefinition', fieldDefinition })),
    }),
    'adding fields named like the members',
  );
  const attributes = named(() => ({ isRequired: false, isSearchable: true, type: { name: 'text' } }));
  const productType = await call('POST', 'product-types', productTypeDraft({ attributes }));
  expectOk(productType, 'creating a product type with attributes named like the members');
  const sku = uniqueKey('sku');
  const fields = Object.fromEntries(NAMES.map((name) => [name, 'x']));
  const product = await call(
    'POST',
    'products',
    productDraft(productType.body.id, [], {
      masterVariant: { sku, attributes: NAMES.map((name) => ({ name, value: name })) },
      publish: true,
    }),
  );
  expectOk(product, 'creating a product that sets them');
  const category = await call('POST', 'categories', {
    key: uniqueKey('category'),
    name: { en: 'c' },
    slug: { en: uniqueKey('slug') },
    custom: { type: { key: typeKey, typeId: 'type' }, fields },
  });
  expectOk(category, 'creating a category with custom fields named like the members');
  const kept = Object.keys(category.body.custom?.fields ?? {});
  holds(
    NAMES.every((name) => kept.includes(name)),
    `the category keeps every custom field: ${JSON.stringify(category.body.custom)}`,
  );
  const attributeNames = (product.body.masterData?.staged?.masterVariant?.attributes ?? []).map(
    (attribute: { name: string }) => attribute.name,
  );
  holds(
    NAMES.every((name) => attributeNames.includes(name)),
    `the product keeps every attribute: ${JSON.stringify(attributeNames)}`,
  );
  const reads: string[] = NAMES.flatMap((name) => [
    `categories?where=${encodeComponent(`custom(fields(${name} = "x"))`)}`,
    `categories?sort=${encodeComponent(`custom.fields.${name} asc`)}`,
    `products?where=${encodeComponent(`masterData(current(masterVariant(attributes(name = "${name}" and value = "${name}"))))`)}`,
    `product-projections/search?filter=${encodeComponent(`variants.attributes.${name}:"${name}"`)}&facet=${encodeComponent(`variants.attributes.${name}`)}`,
    `product-projections?where=${encodeComponent(`masterVariant(attributes(name = "${name}"))`)}`,
    `product-projections?where=${encodeComponent(`key = :${name}`)}&${name}=x`,
  ]);
  for (const path of reads) {
    const found = await call('GET', path);
    // An input variable named `__proto__` is refused (letters and digits); the others find no such key.
    if (path.includes(encodeComponent('key = :'))) {
      holds(found.status < 400 || (found.status < 500 && isErrorBody(found, 'GET')), `GET ${path}`);
      continue;
    }
    expectOk(found, `GET ${path}`);
    const finds = path.includes('where=');
    holds(!finds || found.body.count === 1, `GET ${path} finds one: ${describeResponse(found)}`);
  }
  let version = category.body.version as number;
  const setField = async (name: string, value: unknown) => {
    const answer = await call('POST', `categories/${category.body.id}`, {
      version,
      actions: [{ action: 'setCustomField', name, value }],
    });
    if (answer.status === 200) version = answer.body.version;
    return answer;
  };
  for (const name of NAMES) {
    const changed = await setField(name, 'y');
    expectOk(changed, `setting the custom field ${name}`);
    holds(changed.body.custom.fields[name] === 'y', `${name} is set: ${describeResponse(changed)}`);
    const removed = await setField(name, null);
    expectOk(removed, `removing the custom field ${name}`);
    holds(
      !Object.hasOwn(removed.body.custom.fields, name),
      `${name} is removed: ${describeResponse(removed)}`,
    );
    const again = await setField(name, null);
    holds(again.status === 400 && isErrorBody(again, 'POST'), `${name} is gone: ${describeResponse(again)}`);
  }
  const requiredType = await call('POST', 'types', {
    ...typeDraft(['category']),
    fieldDefinitions: named(() => ({ required: true, type: { name: 'String' } })),
  });
  expectOk(requiredType, 'creating a Type whose required fields are named like the members');
  const missing = await call('POST', 'categories', {
    key: uniqueKey('category'),
    name: { en: 'c' },
    slug: { en: uniqueKey('slug') },
    custom: { type: { id: requiredType.body.id, typeId: 'type' }, fields: {} },
  });
  holds(
    missing.status === 400 && missing.body.errors?.[0]?.code === 'RequiredField',
    `required fields named like the members are required: ${describeResponse(missing)}`,
  );

  const settings = await call('GET', '');
  expectOk(
    await call('POST', '', {
      version: settings.body.version,
      actions: [{ action: 'changeProductSearchIndexingEnabled', enabled: true, mode: 'ProductsSearch' }],
    }),
    'enabling Product Search',
  );
  for (const name of NAMES) {
    expectOk(
      await call('POST', 'products/search', {
        query: { exact: { field: `variants.attributes.${name}`, fieldType: 'text', value: name } },
        sort: [{ field: `variants.attributes.${name}`, fieldType: 'text', order: 'asc' }],
        facets: [{ distinct: { name, field: `variants.attributes.${name}`, fieldType: 'text' } }],
      }),
      `searching products on the attribute ${name}`,
    );
  }
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

describe('API8: names of Object.prototype members as keys', () => {
  it('answers each with a success or a 4xx with the error body, on every route', async () => {
    const ledger = new Ledger('API8');
    const started = Date.now();
    const bootstrap = await platform();
    const project = await fuzzProject();
    const typeKey = uniqueKey('proto-type');
    await ledger.case('custom fields and attributes named like prototype members', () =>
      namedLikeMembers(project, typeKey),
    );
    const document = await http('GET', '/openapi.json');
    const plans = routePlans(
      OPERATIONS,
      project,
      { projectKey: bootstrap.projectKey, adminToken: await adminToken() },
      documentedBodies(document.body),
    ).filter((plan) => !ONLY || ONLY.includes(plan.id));

    let total = 0;
    const run = async (plan: RoutePlan) => {
      const cases = [...bodyCases(plan, project, typeKey), ...queryCases(plan, project)];
      await ledger.case(
        `${plan.id}: ${cases.length} requests with prototype member names as keys`,
        async () => {
          const failures: string[] = [];
          for (const request of cases) {
            const response = await send(plan, request);
            if (
              response.status >= 500 ||
              (response.status >= 400 && !isErrorBody(response, request.method))
            ) {
              failures.push(
                `${request.what}: ${describeResponse(response)}\n    ${request.method} ${request.path} ${request.body?.slice(0, 300) ?? ''}`,
              );
            }
          }
          total += cases.length;
          holds(failures.length === 0, `${failures.length} failed:\n${failures.slice(0, 5).join('\n')}`);
        },
      );
    };
    // Deletes last, one at a time: they remove what the others address (and what each other's writes lock).
    const isDelete = (plan: RoutePlan) => plan.operation.method === 'DELETE';
    await pool(
      plans.filter((plan) => !isDelete(plan)),
      CONCURRENCY,
      run,
    );
    await pool(plans.filter(isDelete), 1, run);
    process.stdout.write(
      `\nAPI8 prototype keys: ${total} requests on ${plans.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    await ledger.finish();
  }, 600_000);
});
