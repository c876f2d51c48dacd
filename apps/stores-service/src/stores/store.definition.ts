import { Events, StoreDraftDto, StoreResource, type Store } from '@commerce/contracts';
import {
  customFieldActions,
  type DeclaredActionTable,
  resolveCustomFields,
  sameJson,
  type ResourceDefinition,
} from '@commerce/resources';
import { basicActions } from './store-basic-actions.js';
import { channelActionTable } from './store-channel-actions.js';
import type { StoreDeps } from './store-deps.js';
import { channelReferences, productSelectionSettings, projectLanguages } from './store-references.js';
import { selectionActions } from './store-selection-actions.js';
import { storefrontActions, storefrontOf } from './store-storefront-actions.js';
import { storesTable } from './stores.table.js';

export const STORE_ENGINE = Symbol('STORE_ENGINE');

/** One handler for each action the Store's descriptor declares (`STORE_ACTIONS`): a missing one fails to compile. */
function storeActions(deps: StoreDeps): DeclaredActionTable<Store, typeof StoreResource.actions> {
  return {
    ...basicActions(deps),
    ...channelActionTable(deps),
    ...selectionActions(deps),
    ...storefrontActions(),
  };
}

/** Stores: draft rules, the 27 update actions and their Messages. */
export function defineStore(deps: StoreDeps): ResourceDefinition<Store, StoreDraftDto> {
  const { resolver, settings, events } = deps;
  return {
    typeId: StoreResource.typeId,
    table: storesTable,
    draft: StoreDraftDto,
    actions: {
      ...storeActions(deps),
      ...customFieldActions<Store>('store', resolver),
    },
    async build(draft, { ctx }) {
      const custom = await resolveCustomFields(resolver, ctx, 'store', draft.custom);
      const storefront = storefrontOf(draft.storefront);
      return {
        key: draft.key,
        ...(draft.name ? { name: draft.name } : {}),
        languages: await projectLanguages(settings, ctx, draft.languages ?? []),
        countries: [...new Map((draft.countries ?? []).map(({ code }) => [code, { code }])).values()],
        distributionChannels: await channelReferences(
          resolver,
          ctx,
          draft.distributionChannels ?? [],
          'ProductDistribution',
        ),
        supplyChannels: await channelReferences(resolver, ctx, draft.supplyChannels ?? [], 'InventorySupply'),
        productSelections: await productSelectionSettings(resolver, ctx, draft.productSelections ?? []),
        ...(custom ? { custom } : {}),
        ...(storefront ? { storefront } : {}),
      };
    },
    createdMessage: (store) => ({
      type: 'StoreCreated',
      ...(store.name ? { name: store.name } : {}),
      languages: store.languages,
      countries: store.countries,
      distributionChannels: store.distributionChannels,
      supplyChannels: store.supplyChannels,
      productSelections: store.productSelections,
      ...(store.custom ? { custom: store.custom } : {}),
    }),
    deletedMessage: () => ({ type: 'StoreDeleted' }),
    // catalog-service caches a Store's product selections: it hears of a change only when they changed.
    afterCommit: async (store, { ctx, change, previous }) => {
      const selectionsChanged =
        change === 'deleted' ||
        (change === 'updated' && !sameJson(previous?.productSelections, store.productSelections));
      if (selectionsChanged) {
        await events.publish(Events.storeChanged, { projectKey: ctx.projectKey, storeKey: store.key });
      }
    },
  };
}
