import {
  SetChannelAddressAction,
  SetCustomFieldAction,
  SetCustomTypeAction,
  type Channel,
  type ChannelAddress,
  type ChannelAddressDto,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type ActionContext,
  type ActionTable,
  type ReferenceResolver,
} from '@commerce/resources';
import { withOptional } from '../shared/fields.js';

/** A channel's address from its draft, its custom fields checked against their Type (for `address`). */
export async function channelAddressOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: ChannelAddressDto,
): Promise<ChannelAddress> {
  const { custom: customDraft, ...fields } = draft;
  const custom = await resolveCustomFields(resolver, ctx, 'address', customDraft);
  return { ...fields, ...(custom ? { custom } : {}) };
}

/** setAddress, and the custom fields of the address: the resource custom-field actions aimed at it. */
export function channelAddressActions(resolver: ReferenceResolver) {
  const custom = customFieldActions<ChannelAddress>('address', resolver);
  const onAddress =
    (name: 'setCustomType' | 'setCustomField') =>
    async (channel: Channel, raw: object, context: ActionContext) => {
      if (!channel.address) throw Errors.invalidOperation('The channel has no address; set one first.');
      const { resource: address } = await custom[name].apply(channel.address, raw, context);
      return { resource: { ...channel, address } };
    };
  return {
    setAddress: action(SetChannelAddressAction, async (channel: Channel, { address }, { ctx }) => ({
      resource: withOptional(channel, 'address', address && (await channelAddressOf(resolver, ctx, address))),
    })),
    setAddressCustomType: action(SetCustomTypeAction, onAddress('setCustomType')),
    setAddressCustomField: action(SetCustomFieldAction, onAddress('setCustomField')),
  } satisfies ActionTable<Channel>;
}
