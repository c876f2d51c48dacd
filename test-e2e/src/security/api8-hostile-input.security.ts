import type { OperationScope } from '@commerce/auth';
import { UPDATE_ACTIONS } from '@commerce/contracts';
import fc from 'fast-check';
import { createStore } from '../auth/auth-helpers.js';
import { api } from '../support/api.js';
import {
  categoryDraft,
  channelDraft,
  customerGroupDraft,
  productSelectionDraft,
  productTypeDraft,
  stateDraft,
  storeDraft,
  taxCategoryDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { holds, Ledger } from './support/ledger.js';
import { OPERATIONS } from './support/routes.js';

/** How long one request may take before the test calls it a hang. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Random requests per route (about 150 routes): the whole property stays well under a minute. */
const RUNS_PER_ROUTE = 6;

/** A valid draft per collection, the seed that mutations start from. */
const SEEDS: Record<string, () => object> = {
  stores: () => storeDraft(),
  channels: () => channelDraft(),
  'customer-groups': () => customerGroupDraft(),
  types: () => typeDraft(['category']),
  'product-types': () => productTypeDraft(),
  'product-selections': () => productSelectionDraft(),
  categories: () => categoryDraft(),
  'tax-categories': () => taxCategoryDraft(),
  states: () => stateDraft(),
  customers: () => ({ email: `${uniqueKey('f')}@example.com`, password: 'fuzz-password-1' }),
  'import-containers': () => ({ key: uniqueKey('ic') }),
  'api-clients': () => ({ name: uniqueKey('c'), scope: 'view_stores:e2e' }),
};
const ACTION_NAMES = [...new Set(Object.values(UPDATE_ACTIONS).flatMap((table) => Object.keys(table)))];

const text = fc.string({ unit: 'grapheme-ascii', maxLength: 80 });
const hostileText = fc.oneof(
  text,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '"',
    "'",
    '\\',
    '\u0000',
    '%00',
    '../..',
    '${x}',
    '{{x}}',
    'NaN',
    '-1',
    '1e309',
    '𝔘𝔫𝔦',
  ),
);
const predicate = fc
  .array(
    fc.constantFrom(
      'key',
      'name(en',
      'id',
      ')',
      '(',
      '=',
      '!=',
      '"x"',
      ':v',
      'and',
      'or',
      'not',
      'in',
      'is',
      'defined',
      'contains any',
      '1',
      '-9e99',
      'true',
      ',',
      'within circle',
      '>',
      '<=',
      'createdAt',
      'custom(fields(x',
      '[',
      ']',
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(' '));
const expandExpression = fc.oneof(
  text,
  fc
    .array(
      fc.constantFrom(
        'obj',
        'distributionChannels[*]',
        'productSelections[0]',
        'productSelection',
        'custom.type',
        'a',
        '[*]',
        '.',
        '..',
      ),
      { maxLength: 8 },
    )
    .map((p) => p.join('.')),
);
const sortExpression = fc.oneof(
  text,
  fc
    .tuple(fc.constantFrom('key', 'createdAt', 'name.en', 'x', ''), fc.constantFrom('asc', 'desc', 'up', ''))
    .map(([f, d]) => `${f} ${d}`),
);
const queryString = fc
  .record(
    {
      where: fc.oneof(predicate, hostileText),
      sort: sortExpression,
      expand: expandExpression,
      limit: fc.oneof(fc.integer({ min: -5, max: 600 }).map(String), hostileText),
      offset: fc.oneof(fc.integer({ min: -5, max: 20_000 }).map(String), hostileText),
      withTotal: fc.constantFrom('true', 'false', 'maybe'),
      'var.v': hostileText,
      version: fc.oneof(fc.integer({ min: -2, max: 3 }).map(String), hostileText),
      staged: fc.constantFrom('true', 'false', 'x'),
    },
    { requiredKeys: [] },
  )
  .map((query) => new URLSearchParams(query as Record<string, string>).toString());

/** Any JSON, a seed draft with fields replaced by anything, or an update request with random actions. */
function body(seed: object) {
  const anything = fc.jsonValue({ maxDepth: 4 });
  const mutated = fc
    .dictionary(
      fc.constantFrom(...Object.keys(seed), 'key', 'id', 'version', 'custom', '__proto__', 'constructor'),
      anything,
      { maxKeys: 4 },
    )
    .map((changes) => ({ ...seed, ...changes }));
  const action = fc
    .record(
      { action: fc.oneof(fc.constantFrom(...ACTION_NAMES), hostileText), value: anything },
      { requiredKeys: ['action'] },
    )
    .chain((base) => fc.dictionary(text, anything, { maxKeys: 3 }).map((extra) => ({ ...extra, ...base })));
  const update = fc.record({
    version: fc.oneof(fc.integer({ min: -1, max: 5 }), anything),
    actions: fc.oneof(fc.array(action, { maxLength: 5 }), anything),
  });
  return fc.oneof(anything, mutated, update);
}

/** A path parameter: a real id or key, or something hostile (encoded into the path). */
const pathValue = (real: string[]) =>
  fc.oneof(
    fc.constantFrom(...real),
    hostileText.filter((t) => t.length > 0),
  );

async function send(method: string, path: string, payload: unknown, token: string) {
  const { apiUrl } = await platform();
  const hasBody = method === 'POST' || method === 'PUT';
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { body: JSON.stringify(payload) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const textBody = await response.text();
  return { status: response.status, text: textBody };
}

function checkAnswer(method: string, status: number, answer: string): void {
  holds(status < 500, `answered ${status}: ${answer.slice(0, 500)}`);
  if (status < 400 || method === 'HEAD') return;
  const parsed = JSON.parse(answer) as {
    statusCode?: number;
    message?: unknown;
    errors?: Array<{ code?: unknown; message?: unknown }>;
  };
  holds(
    parsed.statusCode === status &&
      typeof parsed.message === 'string' &&
      Array.isArray(parsed.errors) &&
      parsed.errors.length > 0 &&
      parsed.errors.every((error) => typeof error.code === 'string' && typeof error.message === 'string'),
    `not the error body: ${answer.slice(0, 500)}`,
  );
}

function fill(
  operation: OperationScope,
  projectKey: string,
  values: { store: string; id: string; ref: string },
) {
  return operation.path
    .replace(':projectKey', projectKey)
    .replace(':storeKey', encodeURIComponent(values.store))
    .replace(':idOrKey', encodeURIComponent(values.ref))
    .replace(':importContainerKey', encodeURIComponent(values.ref))
    .replace(':token', encodeURIComponent(values.ref))
    .replace(':id', encodeURIComponent(values.id));
}

/**
 * Random and mutated drafts, update actions, predicates, sorts and expansions on every route of the table:
 * never a 5xx, never a hang (each request has a deadline), always the error body on a 4xx.
 */
describe('API8: hostile input on every route', () => {
  it('answers every random request with a success or a 4xx with the error body', async () => {
    const ledger = new Ledger('API8');
    const { projectKey } = await platform();
    const token = await adminToken();
    const storeKey = await createStore();
    const store = (await api.get(`stores/key=${storeKey}`)).body as { id: string };

    for (const [id, operation] of OPERATIONS) {
      const collection =
        operation.path.split('/')[2] === 'in-store'
          ? operation.path.split('/')[4]
          : operation.path.split('/')[2];
      const seed = (SEEDS[collection ?? ''] ?? (() => ({})))();
      await ledger.case(`${id}: ${RUNS_PER_ROUTE} random requests`, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.record({
              store: pathValue([storeKey]),
              id: pathValue([store.id]),
              ref: pathValue([store.id, `key=${storeKey}`]),
            }),
            queryString,
            body(seed),
            async (values, query, payload) => {
              const path = `${fill(operation, projectKey, values)}?${query}`;
              const { status, text: answer } = await send(operation.method, path, payload, token);
              checkAnswer(operation.method, status, answer);
            },
          ),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      });
    }
    await ledger.finish();
  });
});
