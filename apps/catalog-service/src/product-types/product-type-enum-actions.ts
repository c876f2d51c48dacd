import {
  AddLocalizedEnumValueAction,
  AddPlainEnumValueAction,
  ChangeEnumKeyAction,
  ChangeLocalizedEnumValueLabelAction,
  ChangeLocalizedEnumValueOrderAction,
  ChangePlainEnumValueLabelAction,
  ChangePlainEnumValueOrderAction,
  RemoveEnumValuesAction,
  type ProductType,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, sameJson, type ActionContext, type ActionTable } from '@commerce/resources';
import {
  attributeNamed,
  enumValueNamed,
  reorderedEnumValues,
  withEnumValues,
  type EnumKind,
  type EnumValue,
} from './attribute-definitions.js';
import {
  changeProductsOfType,
  enumKeyOf,
  mappingEnumValues,
  productsOfType,
  withChangedAttributes,
  type AttributesChange,
} from './product-type-products.js';

const added =
  <K extends EnumKind>(value: EnumValue<K>) =>
  (values: EnumValue<K>[]) => [...values, { key: value.key, label: value.label }];

/** A new label for the value with `newValue.key`, on the product type and on the products' stored values. */
function relabel<K extends EnumKind>(
  type: ProductType,
  kind: K,
  attributeName: string,
  newValue: EnumValue<K>,
  { ctx }: ActionContext,
) {
  const resource = withEnumValues(type, attributeName, kind, (values) => {
    enumValueNamed(values, attributeName, newValue.key);
    return values.map((value) =>
      value.key === newValue.key ? { key: value.key, label: newValue.label } : value,
    );
  });
  const relabelled = mappingEnumValues(attributeName, (value) =>
    typeof value === 'object' && enumKeyOf(value) === newValue.key
      ? { key: newValue.key, label: newValue.label }
      : value,
  );
  return { resource, write: changeProductsOfType(ctx, type.id, relabelled) };
}

/** Whether any product of the type would change under `change`. */
async function usedByProducts(type: ProductType, change: AttributesChange, { ctx, db }: ActionContext) {
  const products = await productsOfType(db, ctx.projectKey, type.id);
  return products.some((product) => !sameJson(withChangedAttributes(product, change), product));
}

/** The actions on the values of enum and localized enum attributes (also as a set's element type). */
export const productTypeEnumActions = {
  addPlainEnumValue: action(AddPlainEnumValueAction, (type: ProductType, { attributeName, value }) => ({
    resource: withEnumValues(type, attributeName, 'enum', added<'enum'>(value)),
  })),

  addLocalizedEnumValue: action(
    AddLocalizedEnumValueAction,
    (type: ProductType, { attributeName, value }) => ({
      resource: withEnumValues(type, attributeName, 'lenum', added<'lenum'>(value)),
    }),
  ),

  changePlainEnumValueLabel: action(
    ChangePlainEnumValueLabelAction,
    (type: ProductType, { attributeName, newValue }, context) =>
      relabel(type, 'enum', attributeName, newValue, context),
  ),

  changeLocalizedEnumValueLabel: action(
    ChangeLocalizedEnumValueLabelAction,
    (type: ProductType, { attributeName, newValue }, context) =>
      relabel(type, 'lenum', attributeName, newValue, context),
  ),

  changePlainEnumValueOrder: action(
    ChangePlainEnumValueOrderAction,
    (type: ProductType, { attributeName, values: wanted }) => ({
      resource: withEnumValues(type, attributeName, 'enum', (values) => reorderedEnumValues(values, wanted)),
    }),
  ),

  changeLocalizedEnumValueOrder: action(
    ChangeLocalizedEnumValueOrderAction,
    (type: ProductType, { attributeName, values: wanted }) => ({
      resource: withEnumValues(type, attributeName, 'lenum', (values) => reorderedEnumValues(values, wanted)),
    }),
  ),

  /** The key changes on the products' stored values too. */
  changeEnumKey: action(ChangeEnumKeyAction, (type: ProductType, { attributeName, key, newKey }, { ctx }) => {
    const resource = withEnumValues(type, attributeName, undefined, (values) => {
      enumValueNamed(values, attributeName, key);
      if (key !== newKey && values.some((value) => value.key === newKey)) {
        throw Errors.enumKeyAlreadyExists(attributeName, newKey);
      }
      return values.map((value) => (value.key === key ? { ...value, key: newKey } : value));
    });
    const rekeyed = mappingEnumValues(attributeName, (value) => {
      if (enumKeyOf(value) !== key) return value;
      return typeof value === 'string' ? newKey : { ...(value as object), key: newKey };
    });
    return { resource, write: changeProductsOfType(ctx, type.id, rekeyed) };
  }),

  /**
   * Products lose the removed values (a set keeps its other elements); when the attribute is required and a
   * product uses one of them, `EnumValueIsUsed`.
   */
  removeEnumValues: action(
    RemoveEnumValuesAction,
    async (type: ProductType, { attributeName, keys }, context) => {
      const resource = withEnumValues(type, attributeName, undefined, (values) => {
        for (const key of keys) enumValueNamed(values, attributeName, key);
        return values.filter((value) => !keys.includes(value.key));
      });
      const removed = mappingEnumValues(attributeName, (value) =>
        keys.includes(enumKeyOf(value) ?? '') ? undefined : value,
      );
      if (attributeNamed(type, attributeName).isRequired && (await usedByProducts(type, removed, context))) {
        throw Errors.enumValueIsUsed(keys, attributeName);
      }
      return { resource, write: changeProductsOfType(context.ctx, type.id, removed) };
    },
  ),
} satisfies ActionTable<ProductType>;
