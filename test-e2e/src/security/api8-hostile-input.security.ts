import fc from 'fast-check';
import { createHash, randomInt } from 'node:crypto';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { ABSENT, fieldName, withField } from './support/dto-fields.js';
import { fuzzProject, type FuzzProject } from './support/fuzz-project.js';
import {
  encodeComponent,
  hostileQuery,
  hostileText,
  hostileValue,
  serialize,
  type Labelled,
} from './support/hostile.js';
import { holds, Ledger } from './support/ledger.js';
import { documentedBodies, realParam, routePlans, type RoutePlan } from './support/route-plans.js';
import { OPERATIONS } from './support/routes.js';

/**
 * API8, hostile input on every route of the operation table (libs/auth/src/operation-scopes.ts): bodies that
 * start valid (a factory's draft, or a plausible value of the route's DTO) with one field, taken in turn from
 * the DTOs' class-validator metadata (nested fields included), set to a hostile value; hostile query strings
 * (where, sort, expand, limit, offset, text.<lang>, ...) and path segments. Never a 5xx, never a hang, the
 * error body on every 4xx.
 *
 * The run is fast-check's, from one seed: `API8_SEED=<seed>` replays it (a failure prints the seed, the case
 * and the request), `API8_ROUTES=<operation id>,...` narrows it to some routes.
 */

const SEED = Number(process.env.API8_SEED ?? randomInt(2 ** 31));
const ONLY = process.env.API8_ROUTES?.split(',').filter(Boolean);
/** Cases per field of a route's body, and per route for its query string and path. */
const CASES_PER_FIELD = 2;
const QUERY_AND_PATH_CASES = 36;
/** The least number of cases a whole run makes. */
const MIN_CASES = 10_000;
/** Requests in flight at once. */
const CONCURRENCY = 4;
/** How long one request may take before the case is called a hang. */
const REQUEST_TIMEOUT_MS = 15_000;

type CaseKind = 'body' | 'query' | 'path';

interface Sample {
  value: Labelled<unknown>;
  query: string;
  pathText: string;
  pathParam: number;
  keyForm: boolean;
  /** The field is left out instead (a required field missing). */
  absent: boolean;
}

interface Request {
  method: string;
  path: string;
  body?: string;
  token: { name: string; token: string };
  label: string;
}

const sample: fc.Arbitrary<Sample> = fc.record({
  value: hostileValue,
  query: hostileQuery,
  pathText: hostileText,
  pathParam: fc.nat(),
  keyForm: fc.boolean(),
  absent: fc.nat(9).map((n) => n === 0),
});

/** A route's own seed, from the run's: narrowing a run to some routes replays their cases unchanged. */
const routeSeed = (id: string) => createHash('sha256').update(`${SEED}:${id}`).digest().readInt32LE(0);

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);

/** The path of a case: every parameter real, or (a path case) one of them hostile. */
function pathOf(plan: RoutePlan, project: FuzzProject, kind: CaseKind, s: Sample): string {
  const params = paramsOf(plan.operation.path);
  const hostile = kind === 'path' ? params[s.pathParam % params.length] : undefined;
  return plan.operation.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name !== hostile) return encodeURIComponent(realParam(name, plan, project, s.keyForm));
    return name === 'idOrKey' && s.keyForm
      ? `key=${encodeComponent(s.pathText)}`
      : encodeComponent(s.pathText);
  });
}

/** The query of a case that is not about the query: a delete's current version, else none. */
const cleanQuery = (plan: RoutePlan) =>
  plan.operation.method === 'DELETE' && plan.fixture ? `?version=${plan.fixture.version}` : '';

function requestOf(
  plan: RoutePlan,
  project: FuzzProject,
  index: number,
  s: Sample,
): Request & { kind: CaseKind } {
  const bodyCases = plan.body ? plan.body.fields.length * CASES_PER_FIELD : 0;
  const kind: CaseKind = index < bodyCases ? 'body' : (index - bodyCases) % 3 === 2 ? 'path' : 'query';
  const token = plan.tokens[index % plan.tokens.length];
  let body: string | undefined;
  let label = kind === 'query' ? 'hostile query' : kind === 'path' ? 'hostile path segment' : '';
  if (plan.body) {
    const fieldIndex = index % plan.body.fields.length;
    const base = plan.body.base(fieldIndex);
    if (kind === 'body') {
      const field = plan.body.fields[fieldIndex];
      const absent = s.absent && field.path.length > 0;
      const value = absent ? ABSENT : s.value.value;
      const mutated = field.path.length === 0 ? value : withField(base, field, value, plan.references);
      body = serialize(mutated);
      label = `${fieldName(field) || '(the whole body)'} = ${absent ? '(absent)' : s.value.label}`;
    } else body = serialize(base);
  }
  return {
    kind,
    method: plan.operation.method,
    path: `${pathOf(plan, project, kind, s)}${kind === 'query' ? s.query : cleanQuery(plan)}`,
    ...(body !== undefined ? { body } : {}),
    token,
    label,
  };
}

interface Outcome {
  status: number;
  answer: string;
}

async function send(request: Request): Promise<Outcome> {
  const { apiUrl } = await platform();
  const response = await fetch(`${apiUrl}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${request.token.token}`,
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body !== undefined ? { body: request.body } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, answer: await response.text() };
}

/** Why an answer is wrong: a 5xx, or a 4xx without the API's error body; undefined when it is right. */
function problemOf(method: string, { status, answer }: Outcome): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400 || method === 'HEAD') return undefined;
  try {
    const parsed = JSON.parse(answer) as { statusCode?: unknown; message?: unknown; errors?: unknown };
    const errors = parsed.errors as Array<{ code?: unknown; message?: unknown }> | undefined;
    const isErrorBody =
      parsed.statusCode === status &&
      typeof parsed.message === 'string' &&
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((error) => typeof error.code === 'string' && typeof error.message === 'string');
    return isErrorBody ? undefined : `answered ${status} without the error body`;
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
}

/** A request in a report: enough to replay it by hand (long texts cut). */
const describeRequest = (request: Request) =>
  `${request.method} ${request.path.slice(0, 400)} [token: ${request.token.name}]` +
  (request.body !== undefined ? ` body (${request.body.length} chars): ${request.body.slice(0, 400)}` : '');

/** Keeps a resource's version current for the cases that follow (updates and deletes name it). */
function track(plan: RoutePlan, { status, answer }: Outcome): void {
  if (!plan.fixture || (status !== 200 && status !== 409)) return;
  try {
    const parsed = JSON.parse(answer) as {
      id?: string;
      version?: unknown;
      errors?: Array<{ currentVersion?: unknown }>;
    };
    const version =
      status === 200 && parsed.id === plan.fixture.id ? parsed.version : parsed.errors?.[0]?.currentVersion;
    if (typeof version === 'number') plan.fixture.version = version;
  } catch {
    // not JSON: nothing to learn
  }
}

/** Runs `work` on every item, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

interface RouteTally {
  cases: number;
  byStatus: Map<string, number>;
  failures: string[];
}

describe('API8: hostile input on every route', () => {
  it('answers every hostile request with a success or a 4xx with the error body', async () => {
    const ledger = new Ledger('API8');
    const started = Date.now();
    process.stdout.write(
      `\nAPI8 hostile input: seed ${SEED} (replay: API8_SEED=${SEED} npm run test:security -- api8)\n`,
    );
    const bootstrap = await platform();
    const project = await fuzzProject();
    const document = await http('GET', '/openapi.json');
    const allPlans = routePlans(
      OPERATIONS,
      project,
      { projectKey: bootstrap.projectKey, adminToken: await adminToken() },
      documentedBodies(document.body),
    );
    const casesOf = (plan: RoutePlan) =>
      (plan.body ? plan.body.fields.length * CASES_PER_FIELD : 0) + QUERY_AND_PATH_CASES;
    process.stdout.write(
      `API8 a whole run: ${allPlans.reduce((sum, plan) => sum + casesOf(plan), 0)} cases on ${allPlans.length} routes\n`,
    );
    const plans = allPlans.filter((plan) => !ONLY || ONLY.includes(plan.id));
    // Deletes last: they remove the resources and the customers (and so the tokens) the others use.
    plans.sort((a, b) => Number(a.operation.method === 'DELETE') - Number(b.operation.method === 'DELETE'));

    const tallies = new Map<string, RouteTally>();
    const nullRefusals: string[] = [];
    for (const plan of plans) {
      const count = casesOf(plan);
      const samples = fc.sample(sample, { seed: routeSeed(plan.id), numRuns: count });
      const tally: RouteTally = { cases: count, byStatus: new Map(), failures: [] };
      const routeStarted = Date.now();
      tallies.set(plan.id, tally);
      await ledger.case(`${plan.id}: ${count} hostile requests`, async () => {
        await pool([...samples.keys()], CONCURRENCY, async (index) => {
          const request = requestOf(plan, project, index, samples[index]);
          let outcome: Outcome;
          try {
            outcome = await send(request);
          } catch (error) {
            outcome = { status: 0, answer: error instanceof Error ? error.message : String(error) };
          }
          track(plan, outcome);
          const statusClass = outcome.status === 0 ? 'no answer' : `${String(outcome.status).slice(0, 1)}xx`;
          tally.byStatus.set(statusClass, (tally.byStatus.get(statusClass) ?? 0) + 1);
          const problem =
            outcome.status === 0 ? `no answer: ${outcome.answer}` : problemOf(request.method, outcome);
          if (problem) {
            tally.failures.push(
              `case ${index} (${request.label}): ${problem}: ${outcome.answer.slice(0, 300)}\n` +
                `    replay: API8_SEED=${SEED} API8_ROUTES=${plan.id}\n    ${describeRequest(request)}`,
            );
          }
          // A null on an optional field of a valid draft should mean "not set": a 400 naming the field is noted.
          const name = request.label.split(' = ')[0];
          const field = plan.body?.fields.find((f) => fieldName(f) === name);
          const property = String(field?.path.at(-1));
          if (
            plan.body?.kind === 'draft' &&
            field?.optional &&
            request.label.endsWith('= null') &&
            outcome.status === 400 &&
            outcome.answer.includes(property)
          ) {
            nullRefusals.push(`${plan.id} ${name}: ${outcome.answer.slice(0, 200)}`);
          }
        });
        process.stdout.write(
          `API8 ${plan.id.padEnd(44)} ${String(count).padStart(5)} cases  ` +
            [...tally.byStatus].map(([status, n]) => `${status} ${n}`).join(', ') +
            `${tally.failures.length ? `  FAILED ${tally.failures.length}` : ''}  (${seconds(routeStarted)} s)\n`,
        );
        holds(
          tally.failures.length === 0,
          `${tally.failures.length} of ${count} cases failed (seed ${SEED}):\n${tally.failures.slice(0, 5).join('\n')}`,
        );
      });
    }

    const total = [...tallies.values()].reduce((sum, tally) => sum + tally.cases, 0);
    process.stdout.write(
      `\nAPI8 hostile input: ${total} cases on ${tallies.size} routes in ${seconds(started)} s (seed ${SEED})\n`,
    );
    if (nullRefusals.length > 0) {
      process.stdout.write(
        `\nAPI8: an explicit null on an optional field was refused (400) ${nullRefusals.length} times:\n` +
          `${[...new Set(nullRefusals)].join('\n')}\n`,
      );
    }
    if (!ONLY) {
      await ledger.case(`at least ${MIN_CASES} cases in a run`, () => {
        holds(total >= MIN_CASES, `only ${total} cases`);
      });
    }
    await ledger.finish();
  }, 1_800_000);
});
