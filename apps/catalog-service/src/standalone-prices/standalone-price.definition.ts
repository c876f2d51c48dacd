import {
  StandalonePriceAddPriceTierAction,
  StandalonePriceApplyStagedChangesAction,
  StandalonePriceChangeActiveAction,
  StandalonePriceChangeValueAction,
  StandalonePriceDraftDto,
  StandalonePriceRemovePriceTierAction,
  StandalonePriceRemoveStagedChangesAction,
  StandalonePriceResource,
  StandalonePriceSetDiscountedPriceAction,
  StandalonePriceSetKeyAction,
  StandalonePriceSetPriceTiersAction,
  StandalonePriceSetValidFromAction,
  StandalonePriceSetValidFromAndUntilAction,
  StandalonePriceSetValidUntilAction,
  type Channel,
  type PriceTier,
  type PriceTierDraftDto,
  type StandalonePrice,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { channelsTable } from '../channels/channels.table.js';
import { recurrencePolicyOf } from '../products/product-price-actions.js';
import { customerGroupsTable } from '../customer-groups/customer-groups.table.js';
import { externalDiscountedOf } from '../product-discounts/discounted-price.js';
import { referencedDocument } from '../products/product-references.js';
import { typedMoneyOf } from '../products/product-prices.js';
import { withOptional } from '../shared/fields.js';
import { standalonePricesTable } from './standalone-prices.table.js';

export const STANDALONE_PRICE_ENGINE = Symbol('STANDALONE_PRICE_ENGINE');

/** Tiers from drafts: in the price's currency, each minimum quantity once. */
function tiersOf(drafts: PriceTierDraftDto[], currency: string): PriceTier[] {
  const seen = new Set<number>();
  return drafts.map((draft) => {
    if (seen.has(draft.minimumQuantity)) {
      throw Errors.invalidInput(`A tier with minimumQuantity ${draft.minimumQuantity} is given twice.`);
    }
    seen.add(draft.minimumQuantity);
    const value = typedMoneyOf(draft.value);
    if (value.currencyCode !== currency) {
      throw Errors.invalidInput(`A tier's currency ${value.currencyCode} is not the price's ${currency}.`);
    }
    return { minimumQuantity: draft.minimumQuantity, value };
  });
}

function checkValidity(validFrom: string | undefined, validUntil: string | undefined): void {
  if (validFrom !== undefined && validUntil !== undefined && new Date(validFrom) >= new Date(validUntil)) {
    throw Errors.invalidInput('validFrom must be before validUntil.');
  }
}

/**
 * Standalone prices (SDK standalone-price.ts): a price of a SKU outside its product. A product in
 * `priceMode: Standalone` takes its prices from them wherever a price is selected (`ProductDiscounts`).
 */
export function defineStandalonePrice(
  resolver: ReferenceResolver,
): ResourceDefinition<StandalonePrice, StandalonePriceDraftDto> {
  const validity = (price: StandalonePrice, validFrom?: string, validUntil?: string) => {
    checkValidity(validFrom, validUntil);
    return withOptional(withOptional(price, 'validFrom', validFrom), 'validUntil', validUntil);
  };
  return {
    typeId: StandalonePriceResource.typeId,
    table: standalonePricesTable,
    draft: StandalonePriceDraftDto,
    actions: {
      addPriceTier: action(StandalonePriceAddPriceTierAction, (price: StandalonePrice, { tier }) => {
        const [added] = tiersOf([tier], price.value.currencyCode);
        if (price.tiers?.some((t) => t.minimumQuantity === added.minimumQuantity)) {
          throw Errors.invalidInput(`A tier with minimumQuantity ${added.minimumQuantity} exists already.`);
        }
        const tiers = [...(price.tiers ?? []), added].sort((a, b) => a.minimumQuantity - b.minimumQuantity);
        return {
          resource: { ...price, tiers },
          messages: [{ type: 'StandalonePriceTierAdded', tier: added }],
        };
      }),
      applyStagedChanges: action(StandalonePriceApplyStagedChangesAction, (price: StandalonePrice) => {
        if (!price.staged) return { resource: price };
        const { staged, ...rest } = price;
        return {
          resource: { ...rest, value: staged.value },
          messages: [{ type: 'StandalonePriceStagedChangesApplied', stagedChanges: staged }],
        };
      }),
      changeActive: action(StandalonePriceChangeActiveAction, (price: StandalonePrice, { active }) => ({
        resource: { ...price, active },
        messages: [{ type: 'StandalonePriceActiveChanged', active, oldActive: price.active }],
      })),
      changeValue: action(StandalonePriceChangeValueAction, (price: StandalonePrice, { value, staged }) => {
        const money = typedMoneyOf(value);
        if (money.currencyCode !== price.value.currencyCode) {
          throw Errors.invalidInput(
            `The currency of a standalone price cannot change (${price.value.currencyCode}).`,
          );
        }
        const messages = [
          {
            type: 'StandalonePriceValueChanged',
            value: money,
            staged: staged === true,
            ...(staged ? (price.staged ? { oldValue: price.staged.value } : {}) : { oldValue: price.value }),
          },
        ];
        return {
          resource: staged ? { ...price, staged: { value: money } } : { ...price, value: money },
          messages,
        };
      }),
      removePriceTier: action(
        StandalonePriceRemovePriceTierAction,
        (price: StandalonePrice, { minimumQuantity }) => {
          const removed = price.tiers?.find((t) => t.minimumQuantity === minimumQuantity);
          if (!removed)
            throw Errors.invalidInput(`There is no tier with minimumQuantity ${minimumQuantity}.`);
          const tiers = price.tiers!.filter((t) => t !== removed);
          return {
            resource: tiers.length > 0 ? { ...price, tiers } : withOptional(price, 'tiers', undefined),
            messages: [{ type: 'StandalonePriceTierRemoved', removedTier: removed }],
          };
        },
      ),
      removeStagedChanges: action(StandalonePriceRemoveStagedChangesAction, (price: StandalonePrice) => {
        if (!price.staged) return { resource: price };
        const { staged, ...rest } = price;
        return {
          resource: rest,
          messages: [{ type: 'StandalonePriceStagedChangesRemoved', stagedChanges: staged }],
        };
      }),
      setDiscountedPrice: action(
        StandalonePriceSetDiscountedPriceAction,
        async (price: StandalonePrice, { discounted }, { ctx, db }) => {
          const value = discounted ? await externalDiscountedOf(discounted, price.value, ctx, db) : undefined;
          return {
            resource: withOptional(price, 'discounted', value),
            messages: [
              { type: 'StandalonePriceExternalDiscountSet', ...(value ? { discounted: value } : {}) },
            ],
          };
        },
      ),
      setKey: action(StandalonePriceSetKeyAction, (price: StandalonePrice, { key }) => ({
        resource: withOptional(price, 'key', key),
        messages: [
          {
            type: 'StandalonePriceKeySet',
            ...(key !== undefined && key !== null ? { key } : {}),
            ...(price.key !== undefined ? { oldKey: price.key } : {}),
          },
        ],
      })),
      setPriceTiers: action(StandalonePriceSetPriceTiersAction, (price: StandalonePrice, { tiers }) => {
        const next = tiersOf(tiers, price.value.currencyCode).sort(
          (a, b) => a.minimumQuantity - b.minimumQuantity,
        );
        return {
          resource: next.length > 0 ? { ...price, tiers: next } : withOptional(price, 'tiers', undefined),
          messages: [{ type: 'StandalonePriceTiersSet', tiers: next, previousTiers: price.tiers ?? [] }],
        };
      }),
      setValidFrom: action(StandalonePriceSetValidFromAction, (price: StandalonePrice, { validFrom }) => ({
        resource: validity(price, validFrom, price.validUntil),
        messages: [
          {
            type: 'StandalonePriceValidFromSet',
            ...(validFrom ? { validFrom } : {}),
            ...(price.validFrom ? { previousValidFrom: price.validFrom } : {}),
          },
        ],
      })),
      setValidUntil: action(StandalonePriceSetValidUntilAction, (price: StandalonePrice, { validUntil }) => ({
        resource: validity(price, price.validFrom, validUntil),
        messages: [
          {
            type: 'StandalonePriceValidUntilSet',
            ...(validUntil ? { validUntil } : {}),
            ...(price.validUntil ? { previousValidUntil: price.validUntil } : {}),
          },
        ],
      })),
      setValidFromAndUntil: action(
        StandalonePriceSetValidFromAndUntilAction,
        (price: StandalonePrice, { validFrom, validUntil }) => ({
          resource: validity(price, validFrom, validUntil),
          messages: [
            {
              type: 'StandalonePriceValidFromAndUntilSet',
              ...(validFrom ? { validFrom } : {}),
              ...(price.validFrom ? { previousValidFrom: price.validFrom } : {}),
              ...(validUntil ? { validUntil } : {}),
              ...(price.validUntil ? { previousValidUntil: price.validUntil } : {}),
            },
          ],
        }),
      ),
      ...customFieldActions<StandalonePrice>('standalone-price', resolver),
    } satisfies DeclaredActionTable<StandalonePrice, typeof StandalonePriceResource.actions>,
    async build(draft, { ctx, db }) {
      checkValidity(draft.validFrom, draft.validUntil);
      const recurrencePolicy =
        draft.recurrencePolicy && (await recurrencePolicyOf(resolver, ctx, draft.recurrencePolicy));
      const value = typedMoneyOf(draft.value);
      const customerGroup = draft.customerGroup
        ? await referencedDocument(customerGroupsTable, 'customer-group', db, ctx, draft.customerGroup)
        : undefined;
      const channel = draft.channel
        ? await referencedDocument<Channel>(channelsTable, 'channel', db, ctx, draft.channel)
        : undefined;
      if (channel && !channel.roles.includes('ProductDistribution')) {
        throw Errors.missingRoleOnChannel(
          { typeId: 'channel', ...(draft.channel?.id ? { id: channel.id } : { key: channel.key ?? '' }) },
          'ProductDistribution',
        );
      }
      const staged = draft.staged ? typedMoneyOf(draft.staged.value) : undefined;
      if (staged && staged.currencyCode !== value.currencyCode) {
        throw Errors.invalidInput(
          `The staged value's currency ${staged.currencyCode} is not ${value.currencyCode}.`,
        );
      }
      const discounted = draft.discounted
        ? await externalDiscountedOf(draft.discounted, value, ctx, db)
        : undefined;
      const custom = await resolveCustomFields(resolver, ctx, 'standalone-price', draft.custom);
      const tiers = draft.tiers?.length ? tiersOf(draft.tiers, value.currencyCode) : undefined;
      return {
        ...(draft.key ? { key: draft.key } : {}),
        sku: draft.sku,
        value,
        ...(draft.country !== undefined ? { country: draft.country } : {}),
        ...(customerGroup
          ? { customerGroup: { typeId: 'customer-group' as const, id: customerGroup.id } }
          : {}),
        ...(channel ? { channel: { typeId: 'channel' as const, id: channel.id } } : {}),
        ...(recurrencePolicy ? { recurrencePolicy } : {}),
        ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
        ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
        ...(tiers ? { tiers: tiers.sort((a, b) => a.minimumQuantity - b.minimumQuantity) } : {}),
        ...(discounted ? { discounted } : {}),
        ...(custom ? { custom } : {}),
        ...(staged ? { staged: { value: staged } } : {}),
        active: draft.active ?? true,
      };
    },
    createdMessage: (price) => ({ type: 'StandalonePriceCreated', standalonePrice: price }),
    deletedMessage: (price) => ({ type: 'StandalonePriceDeleted', sku: price.sku }),
  };
}
