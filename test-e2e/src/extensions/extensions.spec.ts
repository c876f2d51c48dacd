import type { Extension, ExtensionDraft } from '@commercetools/platform-sdk';
import { customerDraft } from '../auth/auth-helpers.js';
import { failure, newCustomer, updateCustomer, type Api } from '../customers/customer-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { graphql } from '../graphql/graphql-helpers.js';
import { sdk } from '../support/sdk.js';
import {
  extensionReceiver,
  onlyKey,
  type ExtensionAnswer,
  type ExtensionReceiver,
} from './extension-receiver.js';

/** The extension's answer per path: status and body, or no answer in time (`slow`). */
const ANSWERS: Record<string, ExtensionAnswer> = {
  '/enrich': { status: 200, body: { actions: [{ action: 'setFirstName', firstName: 'Extended' }] } },
  '/refuse': {
    status: 400,
    body: {
      errors: [
        { code: 'InvalidInput', message: 'No change to this customer.', extensionExtraInfo: { why: 'test' } },
      ],
    },
  },
  '/nothing': { status: 200, body: { actions: [] } },
  '/broken': { status: 500, body: { oops: true } },
  '/bad-action': { status: 200, body: { actions: [{ action: 'noSuchAction' }] } },
  '/slow': { status: 200, body: { actions: [] }, slow: true },
};

let api: Api;
let receiver: ExtensionReceiver;
let base: string;

beforeAll(async () => {
  api = await sdk();
  receiver = await extensionReceiver(api, ANSWERS);
  ({ base } = receiver);
});

afterAll(() => receiver.close());

const extension = (draft: ExtensionDraft): Promise<Extension> => receiver.extension(draft);
const callsTo = (path: string, key: string) => receiver.callsTo(path, key);

describe('the Extension resource', () => {
  it('creates with defaults, masks the secret on read and applies every update action', async () => {
    const key = uniqueKey('ext');
    const made = await extension({
      key,
      destination: {
        type: 'HTTP',
        url: `${base}/nothing`,
        authentication: { type: 'AuthorizationHeader', headerValue: 'Bearer very-secret-value-1234' },
      },
      triggers: [{ resourceTypeId: 'customer', actions: ['Create'], condition: onlyKey('never-such-key') }],
    });
    expect(made).toMatchObject({ key, version: 1, timeoutInMs: 2000 });
    expect(made.destination).toEqual({
      type: 'HTTP',
      url: `${base}/nothing`,
      authentication: { type: 'AuthorizationHeader', headerValue: '****1234' },
    });
    expect(JSON.stringify(made)).not.toContain('very-secret');

    const { body: updated } = await api
      .extensions()
      .withKey({ key })
      .post({
        body: {
          version: made.version,
          actions: [
            { action: 'setTimeoutInMs', timeoutInMs: 500 },
            { action: 'setExpansionPaths', expansionPaths: ['customerGroup'] },
            { action: 'setAdditionalContext', additionalContext: { includeOldResource: true } },
            { action: 'setDependencies', dependencies: [] },
            {
              action: 'changeTriggers',
              triggers: [
                {
                  resourceTypeId: 'cart',
                  actions: ['Create', 'Update'],
                  condition: onlyKey('never-such-key'),
                },
              ],
            },
            {
              action: 'changeDestination',
              destination: {
                type: 'HTTP',
                url: `${base}/nothing`,
                authentication: { type: 'AzureFunctions', key: 'short' },
              },
            },
            { action: 'setKey', key: `${key}-2` },
          ],
        },
      })
      .execute();
    expect(updated).toMatchObject({
      key: `${key}-2`,
      version: 2,
      timeoutInMs: 500,
      expansionPaths: ['customerGroup'],
      additionalContext: { includeOldResource: true },
      dependencies: [],
      triggers: [
        { resourceTypeId: 'cart', actions: ['Create', 'Update'], condition: onlyKey('never-such-key') },
      ],
      destination: { type: 'HTTP', authentication: { type: 'AzureFunctions', key: '****' } },
    });
    const { body: read } = await api.extensions().withId({ ID: made.id }).get().execute();
    expect(read).toEqual(updated);
    const { body: page } = await api
      .extensions()
      .get({ queryArgs: { where: `key = "${key}-2"` } })
      .execute();
    expect(page.results.map((one) => one.id)).toEqual([made.id]);
  });

  it('reads through GraphQL, the destination by its type and its secret masked (derived from the shape)', async () => {
    const key = uniqueKey('ext');
    const made = await extension({
      key,
      destination: {
        type: 'HTTP',
        url: `${base}/nothing`,
        authentication: { type: 'AuthorizationHeader', headerValue: 'Bearer graphql-secret-value-9876' },
      },
      triggers: [{ resourceTypeId: 'customer', actions: ['Create'], condition: onlyKey('never-such-key') }],
    });
    const result = await graphql(
      api,
      `query ($key: String!) {
        extension(key: $key) {
          id key version
          destination {
            __typename type
            ... on HttpDestination { url authentication { __typename type ... on AuthorizationHeader { headerValue } } }
          }
          triggers { resourceTypeId actions condition }
        }
        extensions(where: "key = \\"${key}\\"") { total results { id } }
      }`,
      { key },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.extension).toEqual({
      id: made.id,
      key,
      version: 1,
      destination: {
        __typename: 'HttpDestination',
        type: 'HTTP',
        url: `${base}/nothing`,
        authentication: {
          __typename: 'AuthorizationHeader',
          type: 'AuthorizationHeader',
          headerValue: '****9876',
        },
      },
      triggers: [{ resourceTypeId: 'customer', actions: ['Create'], condition: onlyKey('never-such-key') }],
    });
    expect(result.data.extensions).toEqual({ total: 1, results: [{ id: made.id }] });
  });

  it('accepts the AWSLambda and GoogleCloudFunction shapes', async () => {
    const lambda = await extension({
      destination: {
        type: 'AWSLambda',
        arn: 'arn:aws:lambda:eu-central-1:123456789012:function:validate',
        accessKey: 'AKIAEXAMPLE',
        accessSecret: 'a-long-aws-secret-access-key-5678',
      },
      triggers: [{ resourceTypeId: 'order', actions: ['Create'], condition: onlyKey('never-such-key') }],
    });
    expect(lambda.destination).toEqual({
      type: 'AWSLambda',
      arn: 'arn:aws:lambda:eu-central-1:123456789012:function:validate',
      accessKey: 'AKIAEXAMPLE',
      accessSecret: '****5678',
    });
    const google = await extension({
      destination: { type: 'GoogleCloudFunction', url: 'https://europe-west1-demo.cloudfunctions.net/check' },
      triggers: [{ resourceTypeId: 'payment', actions: ['Update'], condition: onlyKey('never-such-key') }],
      timeoutInMs: 10000,
    });
    expect(google).toMatchObject({ timeoutInMs: 10000, destination: { type: 'GoogleCloudFunction' } });
    // The SDK repository's own test: plain http to a public host, as the live API allows for extensions.
    const sdkSuite = await extension({
      key: uniqueKey('sdk'),
      destination: { type: 'HTTP', url: 'http://www.commercetools.com' },
      triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: onlyKey('never-such-key') }],
    });
    expect(sdkSuite.destination).toEqual({ type: 'HTTP', url: 'http://www.commercetools.com' });
  });

  it('refuses a bad condition, timeout, trigger or destination with 400 and writes nothing', async () => {
    const destination = { type: 'HTTP' as const, url: `${base}/nothing` };
    const customerTrigger = { resourceTypeId: 'customer', actions: ['Create' as const] };
    const cases: Array<[ExtensionDraft, string]> = [
      [{ destination, triggers: [{ ...customerTrigger, condition: 'key = = "x"' }] }, 'InvalidInput'],
      [{ destination, triggers: [customerTrigger], timeoutInMs: 10001 }, 'InvalidJsonInput'],
      [{ destination, triggers: [{ resourceTypeId: 'product', actions: ['Create'] }] }, 'InvalidJsonInput'],
      [{ destination, triggers: [{ ...customerTrigger, actions: ['Delete'] }] }, 'InvalidJsonInput'],
      [{ destination: { type: 'SQS' } as never, triggers: [customerTrigger] }, 'InvalidJsonInput'],
      [
        {
          destination: { type: 'AWSLambda', arn: 'nope', accessKey: 'a', accessSecret: 'b' },
          triggers: [customerTrigger],
        },
        'InvalidInput',
      ],
    ];
    for (const [draft, code] of cases) {
      const refused = await failure(
        api
          .extensions()
          .post({ body: { key: uniqueKey('bad'), ...draft } })
          .execute(),
      );
      expect(refused).toMatchObject({ statusCode: 400, error: { code } });
    }
  });
});

describe('calling extensions inside a customer write', () => {
  it('applies the actions an extension returns on create, in the same write, with the secret in clear', async () => {
    const key = uniqueKey('cust');
    await extension({
      destination: {
        type: 'HTTP',
        url: `${base}/enrich`,
        authentication: { type: 'AuthorizationHeader', headerValue: 'Basic c2VjcmV0LWhlYWRlcg==' },
      },
      triggers: [{ resourceTypeId: 'customer', actions: ['Create'], condition: onlyKey(key) }],
    });
    const customer = await newCustomer(api, { key });
    expect(customer).toMatchObject({ key, firstName: 'Extended', version: 1 });
    const [call] = callsTo('/enrich', key);
    expect(call.authorization).toBe('Basic c2VjcmV0LWhlYWRlcg==');
    expect(call.input).toMatchObject({ action: 'Create', resource: { typeId: 'customer', id: customer.id } });
    expect(call.input.resource.obj).toMatchObject({ id: customer.id, key, email: customer.email });
    const { body: stored } = await api.customers().withId({ ID: customer.id }).get().execute();
    expect(stored.firstName).toBe('Extended');
  });

  it("passes an extension's own 400 errors through on update and writes nothing", async () => {
    const key = uniqueKey('cust');
    const customer = await newCustomer(api, { key });
    await extension({
      destination: {
        type: 'HTTP',
        url: `${base}/refuse`,
        authentication: { type: 'AzureFunctions', key: 'function-key-value' },
      },
      triggers: [{ resourceTypeId: 'customer', actions: ['Update'], condition: onlyKey(key) }],
    });
    const refused = await failure(
      updateCustomer(api, customer, { action: 'setLastName', lastName: 'Changed' }),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      error: {
        code: 'InvalidInput',
        message: 'No change to this customer.',
        extensionExtraInfo: { why: 'test' },
      },
    });
    const [call] = callsTo('/refuse', key);
    expect(call.functionsKey).toBe('function-key-value');
    expect(call.input).toMatchObject({
      action: 'Update',
      resource: { obj: { lastName: 'Changed', version: 1 } },
    });
    const { body: stored } = await api.customers().withId({ ID: customer.id }).get().execute();
    expect(stored).toMatchObject({ version: 1 });
    expect(stored.lastName).toBe(customer.lastName);
  });

  it('fails with ExtensionNoResponse when the extension does not answer within its timeout', async () => {
    const key = uniqueKey('cust');
    const customer = await newCustomer(api, { key });
    await extension({
      destination: { type: 'HTTP', url: `${base}/slow` },
      triggers: [{ resourceTypeId: 'customer', actions: ['Update'], condition: onlyKey(key) }],
      timeoutInMs: 300,
    });
    const refused = await failure(updateCustomer(api, customer, { action: 'setLastName', lastName: 'Late' }));
    expect(refused).toMatchObject({ statusCode: 504, error: { code: 'ExtensionNoResponse' } });
    const { body: stored } = await api.customers().withId({ ID: customer.id }).get().execute();
    expect(stored.version).toBe(1);
  });

  it('fails with ExtensionBadResponse and ExtensionUpdateActionsFailed, writing nothing', async () => {
    const broken = uniqueKey('cust');
    await extension({
      destination: { type: 'HTTP', url: `${base}/broken` },
      triggers: [{ resourceTypeId: 'customer', actions: ['Create'], condition: onlyKey(broken) }],
    });
    const bad = await failure(
      api
        .customers()
        .post({ body: customerDraft({ key: broken }) })
        .execute(),
    );
    expect(bad).toMatchObject({ statusCode: 502, error: { code: 'ExtensionBadResponse' } });
    const badAction = uniqueKey('cust');
    await extension({
      destination: { type: 'HTTP', url: `${base}/bad-action` },
      triggers: [{ resourceTypeId: 'customer', actions: ['Create'], condition: onlyKey(badAction) }],
    });
    const failed = await failure(
      api
        .customers()
        .post({ body: customerDraft({ key: badAction }) })
        .execute(),
    );
    expect(failed).toMatchObject({ statusCode: 400, error: { code: 'ExtensionUpdateActionsFailed' } });
    for (const key of [broken, badAction]) {
      const { body } = await api
        .customers()
        .get({ queryArgs: { where: `key = "${key}"` } })
        .execute();
      expect(body.results).toEqual([]);
    }
  });

  it('skips the call when the condition is false; an update evaluates only its own trigger', async () => {
    const key = uniqueKey('cust');
    const customer = await newCustomer(api, { key });
    await extension({
      destination: { type: 'HTTP', url: `${base}/refuse` },
      triggers: [
        // The Create trigger's condition compares a field this customer lacks: evaluated, it would fail the update.
        {
          resourceTypeId: 'customer',
          actions: ['Create'],
          condition: `${onlyKey(key)} and middleName = "never"`,
        },
        {
          resourceTypeId: 'customer',
          actions: ['Update'],
          condition: `${onlyKey(key)} and lastName = "Refused"`,
        },
      ],
    });
    const changed = await updateCustomer(api, customer, { action: 'setLastName', lastName: 'Allowed' });
    expect(changed).toMatchObject({ version: 2, lastName: 'Allowed' });
    expect(callsTo('/refuse', key)).toEqual([]);
    const refused = await failure(
      updateCustomer(api, changed, { action: 'setLastName', lastName: 'Refused' }),
    );
    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput' } });
    expect(callsTo('/refuse', key)).toHaveLength(1);
  });

  it('fails with ExtensionPredicateEvaluationFailed when a compared field is missing', async () => {
    const key = uniqueKey('cust');
    const customer = await newCustomer(api, { key });
    const made = await extension({
      destination: { type: 'HTTP', url: `${base}/nothing` },
      triggers: [
        {
          resourceTypeId: 'customer',
          actions: ['Update'],
          condition: `${onlyKey(key)} and middleName = "x"`,
        },
      ],
    });
    const refused = await failure(updateCustomer(api, customer, { action: 'setLastName', lastName: 'Any' }));
    expect(refused).toMatchObject({
      statusCode: 400,
      error: { code: 'ExtensionPredicateEvaluationFailed', errorByExtension: { id: made.id } },
    });
  });
});
