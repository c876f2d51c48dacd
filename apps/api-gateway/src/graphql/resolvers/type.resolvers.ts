import type { ClientLogging, CustomFields } from '@commerce/contracts';
import type { GraphqlContext } from '../graphql-context.js';
import { SHAPE_TYPES } from '../schema/shaped.js';
import { referenced } from './references.js';

type Obj = Record<string, unknown>;

const byNames = (names: string[], args: { includeNames?: string[] | null; excludeNames?: string[] | null }) =>
  (!args.includeNames || args.includeNames.includes(names[0])) &&
  !(args.excludeNames ?? []).includes(names[0]);

export const typeResolvers = {
  ...SHAPE_TYPES.resolvers,
  Initiator: {
    customerRef: (initiator: ClientLogging) => initiator.customer ?? null,
    userRef: () => null,
  },
  CustomFieldsType: {
    typeRef: (custom: CustomFields) => custom.type,
    type: (custom: CustomFields, _args: unknown, context: GraphqlContext) => referenced(context, custom.type),
    customFieldsRaw: (
      custom: CustomFields,
      args: { includeNames?: string[] | null; excludeNames?: string[] | null },
    ) =>
      Object.entries(custom.fields)
        .filter(([name]) => byNames([name], args))
        .map(([name, value]) => ({ name, value })),
  },
  ShippingRatePriceTier: {
    resolveType: (tier: { type: string }) => `ShippingRate${tier.type}PriceTier`,
  },
  OrderMessagePayload: { resolveType: () => 'RawOrderMessagePayload' },
  RawOrderMessagePayload: { value: (payload: Obj) => payload },
  ProductData: {
    ...SHAPE_TYPES.resolvers.ProductData,
    allVariants: (data: Obj) => [data.masterVariant, ...(data.variants as unknown[])],
  },
};
