import type { Channel, ChannelUpdateAction } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { channelDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { newType } from './catalog-helpers.js';

type Client = Awaited<ReturnType<typeof sdk>>;

const updateChannel = async (client: Client, channel: Channel, ...actions: ChannelUpdateAction[]) =>
  (
    await client
      .channels()
      .withId({ ID: channel.id })
      .post({ body: { version: channel.version, actions } })
      .execute()
  ).body;

async function refusal(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    const { statusCode, body } = error as { statusCode: number; body: { errors: Array<{ code: string }> } };
    return { statusCode, ...body.errors[0] };
  }
  throw new Error('expected the request to be refused');
}

describe('Channel address custom fields', () => {
  it('are kept from the draft, set with setAddressCustomType and changed with setAddressCustomField', async () => {
    const client = await sdk();
    const addressType = await newType(['address']);
    const channelType = await newType(['channel']);
    const created = await client
      .channels()
      .post({
        body: channelDraft(['InventorySupply'], {
          address: {
            country: 'DE',
            city: 'Berlin',
            custom: { type: { typeId: 'type', key: addressType.key }, fields: { note: 'gate 2' } },
          },
        }),
      })
      .execute();
    let channel = created.body;
    expect(channel.address).toEqual({
      country: 'DE',
      city: 'Berlin',
      custom: { type: { typeId: 'type', id: addressType.id }, fields: { note: 'gate 2' } },
    });
    channel = await updateChannel(
      client,
      channel,
      { action: 'setAddressCustomField', name: 'rank', value: 3 },
      { action: 'setAddressCustomField', name: 'note' },
    );
    expect(channel.address?.custom?.fields).toEqual({ rank: 3 });
    channel = await updateChannel(client, channel, {
      action: 'setAddressCustomType',
      type: { typeId: 'type', id: addressType.id },
      fields: { note: 'dock' },
    });
    expect(channel.address?.custom).toEqual({
      type: { typeId: 'type', id: addressType.id },
      fields: { note: 'dock' },
    });
    expect(channel.version).toBe(3);

    expect(
      await refusal(
        updateChannel(client, channel, { action: 'setAddressCustomField', name: 'rank', value: 'x' }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidField' });
    expect(
      await refusal(
        updateChannel(client, channel, {
          action: 'setAddressCustomType',
          type: { typeId: 'type', id: channelType.id },
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });

    channel = await updateChannel(client, channel, { action: 'setAddressCustomType' });
    expect(channel.address).toEqual({ country: 'DE', city: 'Berlin' });
  });

  it('need an address', async () => {
    const client = await sdk();
    const addressType = await newType(['address']);
    const channel = await api.create<Channel>('channels', channelDraft(['InventorySupply']));
    expect(
      await refusal(
        updateChannel(client, channel, {
          action: 'setAddressCustomType',
          type: { typeId: 'type', id: addressType.id },
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
  });
});
