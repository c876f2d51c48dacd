import type { ClientLogging, CustomFields, Reference } from '@commerce/contracts';
import { authorize, type GraphqlContext } from '../graphql-context.js';
import type { ReferenceKey } from '../reference-loader.js';
import { REFERENCE_READ } from '../resources.js';
import { localizedFields } from './localized.js';

type Obj = Record<string, unknown>;

/** A nested object behind a reference, read with the scopes that reading it directly needs, batched. */
function referenced(context: GraphqlContext, ref: ReferenceKey | undefined) {
  if (!ref) return null;
  const operation = REFERENCE_READ[ref.typeId];
  if (operation) authorize(context, operation);
  return context.references.load(ref);
}

function referencedList(context: GraphqlContext, refs: ReferenceKey[] | undefined) {
  if (!refs || refs.length === 0) return [];
  const operation = REFERENCE_READ[refs[0].typeId];
  if (operation) authorize(context, operation);
  return context.references.loadMany(refs);
}

const field =
  <K extends string>(name: K) =>
  (parent: Obj) =>
    parent[name];

const byNames = (names: string[], args: { includeNames?: string[] | null; excludeNames?: string[] | null }) =>
  (!args.includeNames || args.includeNames.includes(names[0])) &&
  !(args.excludeNames ?? []).includes(names[0]);

export const typeResolvers = {
  Review: {
    targetRef: field('target'),
    stateRef: field('state'),
    customerRef: field('customer'),
    customer: (review: Obj, _args: unknown, context: GraphqlContext) =>
      referenced(context, review.customer as ReferenceKey | undefined),
  },
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
  Store: {
    ...localizedFields('name'),
    distributionChannelsRef: field('distributionChannels'),
    distributionChannels: (store: Obj, _args: unknown, context: GraphqlContext) =>
      referencedList(context, store.distributionChannels as Reference[]),
    supplyChannelsRef: field('supplyChannels'),
    supplyChannels: (store: Obj, _args: unknown, context: GraphqlContext) =>
      referencedList(context, store.supplyChannels as Reference[]),
  },
  ProductSelectionSetting: {
    productSelectionRef: field('productSelection'),
    productSelection: (setting: Obj, _args: unknown, context: GraphqlContext) =>
      referenced(context, setting.productSelection as Reference),
  },
  Channel: localizedFields('name', 'description'),
  Customer: {
    storesRef: field('stores'),
    stores: (customer: Obj, _args: unknown, context: GraphqlContext) =>
      referencedList(context, customer.stores as ReferenceKey[]),
  },
  ProductSelection: localizedFields('name'),
  AttributeDefinition: localizedFields('label'),
  ProductTypeDefinition: { attributeDefinitions: field('attributes') },
  Product: {
    productTypeRef: field('productType'),
    productType: (product: Obj, _args: unknown, context: GraphqlContext) =>
      referenced(context, product.productType as Reference),
  },
  ProductData: {
    ...localizedFields('name', 'description', 'slug'),
    allVariants: (data: Obj) => [data.masterVariant, ...(data.variants as unknown[])],
  },
  ProductVariant: { attributesRaw: field('attributes'), pricesRaw: field('prices') },
  FieldDefinition: localizedFields('label'),
  TypeDefinition: {
    ...localizedFields('name', 'description'),
    fieldDefinitions: (type: Obj, args: { includeNames?: string[] | null; excludeNames?: string[] | null }) =>
      (type.fieldDefinitions as { name: string }[]).filter((definition) => byNames([definition.name], args)),
  },
};
