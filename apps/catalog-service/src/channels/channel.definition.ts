import { ChannelDraftDto, DEFAULT_CHANNEL_ROLES, type Channel, ChannelResource } from '@commerce/contracts';
import {
  customFieldActions,
  resolveCustomFields,
  type ResourceDefinition,
  type DeclaredActionTable,
} from '@commerce/resources';
import type { CatalogDeps } from '../shared/catalog-deps.js';
import { channelActions, checkRoles, pointOf } from './channel-actions.js';
import { channelAddressActions, channelAddressOf } from './channel-address.js';
import { channelsTable } from './channels.table.js';

export const CHANNEL_ENGINE = Symbol('CHANNEL_ENGINE');

/** Channels: roles (default `InventorySupply`), address, geo location and custom fields. */
export function defineChannel({
  resolver,
}: Pick<CatalogDeps, 'resolver'>): ResourceDefinition<Channel, ChannelDraftDto> {
  return {
    typeId: ChannelResource.typeId,
    table: channelsTable,
    draft: ChannelDraftDto,
    actions: {
      ...channelActions,
      ...channelAddressActions(resolver),
      ...customFieldActions<Channel>('channel', resolver),
    } satisfies DeclaredActionTable<Channel, typeof ChannelResource.actions>,
    async build(draft, { ctx }) {
      const custom = await resolveCustomFields(resolver, ctx, 'channel', draft.custom);
      const address = draft.address && (await channelAddressOf(resolver, ctx, draft.address));
      return {
        key: draft.key,
        roles: checkRoles(draft.roles ?? DEFAULT_CHANNEL_ROLES),
        ...(draft.name ? { name: draft.name } : {}),
        ...(draft.description ? { description: draft.description } : {}),
        ...(address ? { address } : {}),
        ...(draft.geoLocation ? { geoLocation: pointOf(draft.geoLocation) } : {}),
        ...(custom ? { custom } : {}),
      };
    },
  };
}
