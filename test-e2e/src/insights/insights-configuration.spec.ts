import { adminToken } from '../support/tokens.js';
import { insights, putConfiguration, resetConfiguration, updateConfiguration } from './insights-helpers.js';

const API_KEY_A = 'vendor-a-secret-key-0001';
const API_KEY_B = 'vendor-b-secret-key-0002';
const HEADER_VALUE = 'otlp-header-secret-0003';

const vendorA = (extra: object = {}) => ({
  type: 'VendorA',
  eventTypes: ['Metrics', 'Logs'],
  region: 'eu',
  apiKey: API_KEY_A,
  ...extra,
});
const vendorBSaaS = (extra: object = {}) => ({
  type: 'VendorBSaaS',
  eventTypes: ['Metrics'],
  environmentId: 'abc12345',
  apiKey: API_KEY_B,
  ...extra,
});
const activeGate = (extra: object = {}) => ({
  type: 'VendorBActiveGate',
  eventTypes: ['Logs'],
  activeGateDomain: 'activegate.example.com',
  activeGatePort: 9999,
  environmentId: 'env-1',
  apiKey: 'ag-secret-0004',
  ...extra,
});
const vendorC = (extra: object = {}) => ({
  type: 'VendorC',
  eventTypes: ['Metrics'],
  site: 'EU1',
  apiKey: 'dd-secret-0005',
  ...extra,
});
const otlp = (extra: object = {}) => ({
  type: 'Otlp',
  eventTypes: ['Metrics', 'Logs'],
  endpoint: 'https://collector.example.com:4317',
  headers: [{ name: 'x-token', value: HEADER_VALUE }],
  ...extra,
});
const otlpHttp = (extra: object = {}) => ({
  type: 'OtlpHttp',
  eventTypes: ['Logs'],
  endpoint: 'https://collector.example.com:4318',
  ...extra,
});
const attribute = (name: string, value = 'v', eventType = 'Logs') => ({
  eventType,
  type: 'String',
  name,
  value,
});

const SECRETS = [API_KEY_A, API_KEY_B, HEADER_VALUE, 'ag-secret-0004', 'dd-secret-0005'];

function expectNoSecret(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  expect(text).not.toContain('apiKey');
}

function expectInvalid(response: { status: number; body: any }, code = 'InvalidJsonInput', detail?: RegExp) {
  expect(response.status).toBe(400);
  expect(response.body.statusCode).toBe(400);
  expect(response.body.errors[0].code).toBe(code);
  if (detail) expect(JSON.stringify(response.body)).toMatch(detail);
}

beforeEach(resetConfiguration);
afterAll(resetConfiguration);

describe('insights configuration: GET, PUT, POST, DELETE', () => {
  it('answers 404 before any PUT, for every operation but PUT', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await insights(method);
      expect(response.status).toBe(404);
      expect(response.body.errors[0].code).toBe('ResourceNotFound');
    }
    expect((await insights('POST', { actions: [{ action: 'activate' }] })).status).toBe(404);
  });

  it('PUT creates the configuration; responses never show API keys or header values', async () => {
    const body = await putConfiguration({
      providers: [vendorA(), vendorBSaaS(), activeGate(), vendorC(), otlp()],
      additionalAttributes: [attribute('team', 'checkout'), attribute('env', 'prod', 'Metrics')],
    });
    expect(body).toMatchObject({
      active: true,
      projectKey: 'e2e',
      providers: [
        { type: 'VendorA', active: true, valid: true, eventTypes: ['Metrics', 'Logs'], region: 'eu' },
        { type: 'VendorBSaaS', active: true, valid: true, environmentId: 'abc12345' },
        {
          type: 'VendorBActiveGate',
          activeGateDomain: 'activegate.example.com',
          activeGatePort: 9999,
          environmentId: 'env-1',
        },
        { type: 'VendorC', site: 'EU1' },
        { type: 'Otlp', endpoint: 'https://collector.example.com:4317', headers: [{ name: 'x-token' }] },
      ],
      additionalAttributes: [
        { eventType: 'Logs', type: 'String', name: 'team', value: 'checkout' },
        { eventType: 'Metrics', type: 'String', name: 'env', value: 'prod' },
      ],
      lastModifiedBy: { clientId: expect.any(String) },
    });
    expect(Date.parse(body.lastModifiedAt)).not.toBeNaN();
    expect(body.providers[4].headers[0]).toEqual({ name: 'x-token' });
    expectNoSecret(body);
    const read = await insights('GET');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(body);
    expectNoSecret(read.body);
  });

  it('PUT without apiKey keeps the key of the provider of the same type; a new vendor provider needs one', async () => {
    await putConfiguration({ providers: [vendorA()] });
    const { apiKey: _omitted, ...withoutKey } = vendorA({ region: 'us' });
    const replaced = await putConfiguration({ active: false, providers: [withoutKey] });
    expect(replaced).toMatchObject({ active: false, providers: [{ type: 'VendorA', region: 'us' }] });
    const { apiKey: _none, ...newWithoutKey } = vendorC();
    const refused = await insights('PUT', { providers: [withoutKey, newWithoutKey] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'RequiredField' });
    expect((await insights('GET')).body).toEqual(replaced);
  });

  it('DELETE answers the deleted configuration; afterwards it is gone', async () => {
    const created = await putConfiguration({ providers: [otlpHttp()] });
    const deleted = await insights('DELETE');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(created);
    expect((await insights('GET')).status).toBe(404);
  });

  it('needs manage_project: other scopes are refused with 403 for all four operations', async () => {
    await putConfiguration({ providers: [] });
    const token = await adminToken(['manage_project_settings:e2e', 'view_project_settings:e2e']);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { providers: [] }],
      ['POST', { actions: [{ action: 'deactivate' }] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await insights(method, body, token);
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('insufficient_scope');
    }
    expect((await insights('GET')).body.active).toBe(true);
  });
});

describe('insights configuration: validation of every type, enum, pattern and limit', () => {
  const bad: Array<[string, object, RegExp]> = [
    [
      'six providers',
      { providers: [vendorA(), vendorBSaaS(), activeGate(), vendorC(), otlp(), otlpHttp()] },
      /providers/,
    ],
    [
      'two providers of one type',
      { providers: [vendorA(), vendorA({ region: 'us' })] },
      /one provider per type/,
    ],
    [
      'eleven additional attributes',
      { providers: [], additionalAttributes: Array.from({ length: 11 }, (_, i) => attribute(`a${i}`)) },
      /additionalAttributes/,
    ],
    [
      'duplicate attribute names',
      { providers: [], additionalAttributes: [attribute('team'), attribute('team', 'x', 'Metrics')] },
      /unique names/,
    ],
    [
      'an attribute name of 31 characters',
      { providers: [], additionalAttributes: [attribute('n'.repeat(31))] },
      /name/,
    ],
    [
      'an attribute value of 101 characters',
      { providers: [], additionalAttributes: [attribute('team', 'v'.repeat(101))] },
      /value/,
    ],
    [
      'an attribute type other than String',
      { providers: [], additionalAttributes: [{ ...attribute('team'), type: 'Number' }] },
      /type/,
    ],
    [
      'an unknown attribute event type',
      { providers: [], additionalAttributes: [attribute('team', 'v', 'Traces')] },
      /eventType/,
    ],
    ['an unknown provider type', { providers: [{ type: 'Splunk', eventTypes: [] }] }, /type must be one of/],
    ['an unknown event type', { providers: [vendorA({ eventTypes: ['Traces'] })] }, /eventTypes/],
    ['an unknown VendorA region', { providers: [vendorA({ region: 'ap' })] }, /region/],
    ['an unknown VendorC site', { providers: [vendorC({ site: 'EU2' })] }, /site/],
    [
      'an OTLP header name that does not match',
      { providers: [otlp({ headers: [{ name: '1x', value: 'v' }] })] },
      /name must match/,
    ],
    [
      "an OTLP header value with '",
      { providers: [otlp({ headers: [{ name: 'x', value: "a'b" }] })] },
      /value/,
    ],
    ['an empty OTLP header value', { providers: [otlp({ headers: [{ name: 'x', value: '' }] })] }, /value/],
    ['an OTLP endpoint that is not a URL', { providers: [otlp({ endpoint: 'not a url' })] }, /endpoint/],
    [
      'an ActiveGate port out of range',
      { providers: [activeGate({ activeGatePort: 70000 })] },
      /activeGatePort/,
    ],
    ['no providers array', { active: true }, /providers/],
  ];
  for (const char of ['.', '|', '/', ':', "'", '"', '`', '#', '?']) {
    bad.push([
      `an environment id with ${char}`,
      { providers: [vendorBSaaS({ environmentId: `a${char}b` })] },
      /environmentId/,
    ]);
  }
  for (const char of ['|', '/', ':', '#', '?', "'", '"', '`']) {
    bad.push([
      `an ActiveGate domain with ${char}`,
      { providers: [activeGate({ activeGateDomain: `a${char}b` })] },
      /activeGateDomain/,
    ]);
  }

  it.each(bad)('PUT with %s is refused and changes nothing', async (_name, draft, detail) => {
    const before = await putConfiguration({
      providers: [vendorA()],
      additionalAttributes: [attribute('keep')],
    });
    const response = await insights('PUT', draft);
    expectInvalid(response, 'InvalidJsonInput', detail);
    expectNoSecret(response.body);
    expect((await insights('GET')).body).toEqual(before);
  });

  it('accepts exactly the limits: 5 providers, 10 attributes, 30 and 100 characters, a dot in an ActiveGate domain', async () => {
    const body = await putConfiguration({
      providers: [
        vendorA(),
        vendorBSaaS(),
        activeGate({ activeGateDomain: 'ag.example.com' }),
        vendorC(),
        otlp(),
      ],
      additionalAttributes: Array.from({ length: 10 }, (_, i) =>
        attribute(`${i}`.padEnd(30, 'n'), 'v'.repeat(100)),
      ),
    });
    expect(body.providers).toHaveLength(5);
    expect(body.additionalAttributes).toHaveLength(10);
  });
});

describe('insights configuration: update actions', () => {
  it('applies all nine actions', async () => {
    await putConfiguration({ providers: [vendorA(), otlp()], additionalAttributes: [attribute('a')] });
    let body = await updateConfiguration([{ action: 'deactivate' }]);
    expect(body.active).toBe(false);
    body = await updateConfiguration([{ action: 'activate' }]);
    expect(body.active).toBe(true);
    body = await updateConfiguration([{ action: 'setActive', provider: 'Otlp', active: false }]);
    expect(body.providers.find((p: any) => p.type === 'Otlp').active).toBe(false);
    body = await updateConfiguration([
      { action: 'setEventTypes', provider: 'VendorA', eventTypes: ['Logs'] },
    ]);
    expect(body.providers.find((p: any) => p.type === 'VendorA').eventTypes).toEqual(['Logs']);
    const { apiKey: _kept, ...keyless } = vendorA({ region: 'us' });
    body = await updateConfiguration([{ action: 'setProvider', provider: keyless }]);
    expect(body.providers.find((p: any) => p.type === 'VendorA')).toMatchObject({
      region: 'us',
      eventTypes: ['Metrics', 'Logs'],
    });
    body = await updateConfiguration([{ action: 'setProvider', provider: vendorC() }]);
    expect(body.providers.map((p: any) => p.type)).toEqual(['VendorA', 'Otlp', 'VendorC']);
    body = await updateConfiguration([{ action: 'removeProvider', provider: 'Otlp' }]);
    expect(body.providers.map((p: any) => p.type)).toEqual(['VendorA', 'VendorC']);
    body = await updateConfiguration([{ action: 'addAttribute', attribute: attribute('b', 'x', 'Metrics') }]);
    expect(body.additionalAttributes.map((a: any) => a.name)).toEqual(['a', 'b']);
    body = await updateConfiguration([{ action: 'removeAttribute', attribute: 'a' }]);
    expect(body.additionalAttributes.map((a: any) => a.name)).toEqual(['b']);
    body = await updateConfiguration([
      { action: 'setAttributes', attributes: [attribute('c'), attribute('d')] },
    ]);
    expect(body.additionalAttributes.map((a: any) => a.name)).toEqual(['c', 'd']);
    expectNoSecret(body);
  });

  it('refuses what breaks a rule, and a refused batch changes nothing', async () => {
    const before = await putConfiguration({
      providers: [vendorA(), vendorBSaaS(), activeGate(), vendorC(), otlp()],
      additionalAttributes: Array.from({ length: 10 }, (_, i) => attribute(`a${i}`)),
    });
    const cases: Array<[object[], string]> = [
      [[{ action: 'setProvider', provider: otlpHttp() }], 'MaxResourceLimitExceeded'],
      [[{ action: 'addAttribute', attribute: attribute('a10') }], 'MaxResourceLimitExceeded'],
      [
        [
          { action: 'removeAttribute', attribute: 'a0' },
          { action: 'addAttribute', attribute: attribute('a1') },
        ],
        'DuplicateField',
      ],
      [[{ action: 'deactivate' }, { action: 'removeProvider', provider: 'OtlpHttp' }], 'InvalidOperation'],
      [[{ action: 'setActive', provider: 'OtlpHttp', active: true }], 'InvalidOperation'],
      [[{ action: 'removeAttribute', attribute: 'missing' }], 'InvalidOperation'],
      [
        [{ action: 'deactivate' }, { action: 'setEventTypes', provider: 'VendorA', eventTypes: ['Spans'] }],
        'InvalidJsonInput',
      ],
      [[{ action: 'setAttributes', attributes: [attribute('x'.repeat(31))] }], 'InvalidJsonInput'],
      [[{ action: 'setProvider', provider: vendorBSaaS({ environmentId: 'a.b' }) }], 'InvalidJsonInput'],
      [[{ action: 'explode' }], 'InvalidJsonInput'],
    ];
    for (const [actions, code] of cases) {
      const response = await insights('POST', { actions });
      expect({ actions, status: response.status, code: response.body.errors?.[0]?.code }).toEqual({
        actions,
        status: 400,
        code,
      });
    }
    expectInvalid(await insights('POST', { actions: [] }));
    // `valid` is the export's health, which the exporter may change meanwhile (VendorA is unreachable here).
    const withoutHealth = (configuration: any) => ({
      ...configuration,
      providers: configuration.providers.map(({ valid: _health, ...provider }: any) => provider),
    });
    expect(withoutHealth((await insights('GET')).body)).toEqual(withoutHealth(before));
  });
});
