import { ApiError } from '@commerce/errors';
import { openedDestination, splitSubscriptionDestination } from './subscription-destination.js';

const strict = { allowPrivate: false, allowHttp: true };
const relaxed = { allowPrivate: true, allowHttp: true };

function refusal(raw: Record<string, unknown>, policy = strict): { code: string; message: string } {
  try {
    splitSubscriptionDestination(raw, policy);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.errors[0];
  }
  throw new Error(`${JSON.stringify(raw)} was accepted`);
}

const KEY = 'c2VydmljZS1idXMta2V5LWZvci10ZXN0cw==';
const serviceBus = (rest: string) =>
  `Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=${KEY}${rest}`;

describe(splitSubscriptionDestination.name, () => {
  it('masks an Event Grid access key and seals it apart', () => {
    const split = splitSubscriptionDestination(
      { type: 'EventGrid', uri: 'https://orders.westeurope-1.eventgrid.azure.net/api/events', accessKey: 'an-event-grid-access-key' },
      strict,
    );
    expect(split.shown).toEqual({
      type: 'EventGrid',
      uri: 'https://orders.westeurope-1.eventgrid.azure.net/api/events',
      accessKey: '****-key',
    });
    expect(split.secrets).toEqual({ accessKey: 'an-event-grid-access-key' });
    expect(openedDestination(split.shown, split.secrets)).toMatchObject({ accessKey: 'an-event-grid-access-key' });
  });

  it('refuses an Event Grid uri the outbound policy refuses', () => {
    expect(refusal({ type: 'EventGrid', uri: 'http://10.0.0.1/api/events', accessKey: 'k' })).toMatchObject({
      code: 'InvalidInput',
      message: expect.stringContaining('destination.uri'),
    });
  });

  it("masks a Service Bus connection string's key and keeps the whole string sealed", () => {
    const split = splitSubscriptionDestination({ type: 'AzureServiceBus', connectionString: serviceBus(';EntityPath=orders') }, strict);
    expect(split.shown).toEqual({
      type: 'AzureServiceBus',
      connectionString: serviceBus(';EntityPath=orders').replace(KEY, `****${KEY.slice(-4)}`),
    });
    expect(split.secrets).toEqual({ connectionString: serviceBus(';EntityPath=orders') });
  });

  it('needs the EntityPath of a Service Bus connection string: the queue or topic', () => {
    expect(refusal({ type: 'AzureServiceBus', connectionString: serviceBus('') })).toMatchObject({
      code: 'InvalidInput',
      message: expect.stringContaining('EntityPath'),
    });
  });

  it("allows the Service Bus emulator's plain AMQP only where private addresses are allowed", () => {
    const local = `Endpoint=sb://127.0.0.1:5672/;SharedAccessKeyName=send;SharedAccessKey=${KEY};EntityPath=orders;UseDevelopmentEmulator=true`;
    expect(splitSubscriptionDestination({ type: 'AzureServiceBus', connectionString: local }, relaxed).shown.type).toBe('AzureServiceBus');
    expect(refusal({ type: 'AzureServiceBus', connectionString: local })).toMatchObject({ code: 'InvalidInput' });
    expect(
      refusal({ type: 'AzureServiceBus', connectionString: serviceBus(';EntityPath=orders;UseDevelopmentEmulator=true') }).message,
    ).toContain('UseDevelopmentEmulator');
  });

  it('masks both Confluent Cloud credentials, keeps acks, topic and key, and checks the bootstrap host', () => {
    const split = splitSubscriptionDestination(
      {
        type: 'ConfluentCloud',
        bootstrapServer: 'pkc-12345.europe-west1.gcp.confluent.cloud:9092',
        apiKey: 'CONFLUENTAPIKEY1',
        apiSecret: 'a-confluent-api-secret',
        acks: 'all',
        topic: 'orders',
        key: 'commerce',
      },
      strict,
    );
    expect(split.shown).toEqual({
      type: 'ConfluentCloud',
      bootstrapServer: 'pkc-12345.europe-west1.gcp.confluent.cloud:9092',
      apiKey: '****KEY1',
      apiSecret: '****cret',
      acks: 'all',
      topic: 'orders',
      key: 'commerce',
    });
    expect(split.secrets).toEqual({ apiKey: 'CONFLUENTAPIKEY1', apiSecret: 'a-confluent-api-secret' });
    const local = { type: 'ConfluentCloud', bootstrapServer: '127.0.0.1:9092', apiKey: 'k', apiSecret: 's', acks: '1', topic: 't' };
    expect(refusal(local).message).toContain('destination.bootstrapServer');
    expect(splitSubscriptionDestination(local, relaxed).shown).toMatchObject({ bootstrapServer: '127.0.0.1:9092' });
  });

  it('takes a Pub/Sub project and topic as they are, with no secret', () => {
    expect(splitSubscriptionDestination({ type: 'GoogleCloudPubSub', projectId: 'shop-prod', topic: 'orders' }, strict)).toEqual({
      shown: { type: 'GoogleCloudPubSub', projectId: 'shop-prod', topic: 'orders' },
      secrets: {},
    });
  });
});
