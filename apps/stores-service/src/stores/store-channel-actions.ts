import {
  SetStoreDistributionChannelsAction,
  SetStoreSupplyChannelsAction,
  StoreDistributionChannelAction,
  StoreSupplyChannelAction,
  type Reference,
  type ResourceIdentifier,
  type Store,
} from '@commerce/contracts';
import { action, type ActionContext, type ActionOutcome } from '@commerce/resources';
import { byId, diff, nonEmpty } from './store-diff.js';
import type { StoreDeps } from './store-deps.js';
import { channelReferences, checkChannelLimit, type ChannelRole } from './store-references.js';

interface ChannelList {
  field: 'distributionChannels' | 'supplyChannels';
  role: ChannelRole;
  message: 'StoreDistributionChannelsChanged' | 'StoreSupplyChannelsChanged';
  added: 'addedDistributionChannels' | 'addedSupplyChannels';
  removed: 'removedDistributionChannels' | 'removedSupplyChannels';
}

const DISTRIBUTION: ChannelList = {
  field: 'distributionChannels',
  role: 'ProductDistribution',
  message: 'StoreDistributionChannelsChanged',
  added: 'addedDistributionChannels',
  removed: 'removedDistributionChannels',
};

const SUPPLY: ChannelList = {
  field: 'supplyChannels',
  role: 'InventorySupply',
  message: 'StoreSupplyChannelsChanged',
  added: 'addedSupplyChannels',
  removed: 'removedSupplyChannels',
};

function changed(store: Store, list: ChannelList, channels: Reference<'channel'>[]): ActionOutcome<Store> {
  const { added, removed } = diff(store[list.field], channels, byId);
  return {
    resource: { ...store, [list.field]: channels },
    messages: [{ type: list.message, ...nonEmpty(list.added, added), ...nonEmpty(list.removed, removed) }],
  };
}

/** set, add and remove for one channel list: the same rules, a different role and message. */
function channelActions(list: ChannelList, { resolver }: StoreDeps) {
  const set = async (store: Store, identifiers: ResourceIdentifier[] | undefined, { ctx }: ActionContext) =>
    changed(store, list, await channelReferences(resolver, ctx, identifiers ?? [], list.role));

  const add = async (store: Store, identifier: ResourceIdentifier, { ctx }: ActionContext) => {
    const [channel] = await channelReferences(resolver, ctx, [identifier], list.role);
    if (store[list.field].some(({ id }) => id === channel.id)) return { resource: store };
    checkChannelLimit(store[list.field].length + 1);
    return changed(store, list, [...store[list.field], channel]);
  };

  const remove = async (store: Store, identifier: ResourceIdentifier, { ctx }: ActionContext) => {
    const [channel] = await resolver.require(ctx, 'channel', [identifier]);
    return changed(
      store,
      list,
      store[list.field].filter(({ id }) => id !== channel.id),
    );
  };

  return { set, add, remove };
}

/** The six channel actions of a Store. */
export function channelActionTable(deps: StoreDeps) {
  const distribution = channelActions(DISTRIBUTION, deps);
  const supply = channelActions(SUPPLY, deps);
  return {
    setDistributionChannels: action(SetStoreDistributionChannelsAction, (store: Store, a, context) =>
      distribution.set(store, a.distributionChannels, context),
    ),
    addDistributionChannel: action(StoreDistributionChannelAction, (store: Store, a, context) =>
      distribution.add(store, a.distributionChannel, context),
    ),
    removeDistributionChannel: action(StoreDistributionChannelAction, (store: Store, a, context) =>
      distribution.remove(store, a.distributionChannel, context),
    ),
    setSupplyChannels: action(SetStoreSupplyChannelsAction, (store: Store, a, context) =>
      supply.set(store, a.supplyChannels, context),
    ),
    addSupplyChannel: action(StoreSupplyChannelAction, (store: Store, a, context) =>
      supply.add(store, a.supplyChannel, context),
    ),
    removeSupplyChannel: action(StoreSupplyChannelAction, (store: Store, a, context) =>
      supply.remove(store, a.supplyChannel, context),
    ),
  };
}
