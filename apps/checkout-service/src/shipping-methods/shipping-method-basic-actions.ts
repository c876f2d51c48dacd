import {
  ChangeShippingMethodActiveAction,
  ChangeShippingMethodIsDefaultAction,
  ChangeShippingMethodNameAction,
  ChangeShippingMethodTaxCategoryAction,
  SetShippingMethodCarrierAction,
  SetShippingMethodDescriptionAction,
  SetShippingMethodKeyAction,
  SetShippingMethodLocalizedDescriptionAction,
  SetShippingMethodLocalizedNameAction,
  SetShippingMethodPredicateAction,
  SetShippingMethodStoresAction,
  SHIPPING_METHOD_STORE_LIMIT,
  ShippingMethodStoreAction,
  type ShippingMethod,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import type { ShippingMethodDeps } from './shipping-method-deps.js';
import { checkedPredicate, storeReferences, taxCategoryReference } from './shipping-method-references.js';

/** The fields and the Stores of a shipping method: one small function per action. */
export function basicActions({ resolver }: ShippingMethodDeps) {
  return {
    changeName: action(ChangeShippingMethodNameAction, (method: ShippingMethod, { name }) => ({
      resource: { ...method, name },
    })),
    changeActive: action(ChangeShippingMethodActiveAction, (method: ShippingMethod, { active }) => ({
      resource: { ...method, active },
    })),
    // At most one default per project: the unique index `shipping_methods_isDefault_uq` refuses a second.
    changeIsDefault: action(ChangeShippingMethodIsDefaultAction, (method: ShippingMethod, { isDefault }) => ({
      resource: { ...method, isDefault },
    })),
    changeTaxCategory: action(
      ChangeShippingMethodTaxCategoryAction,
      async (method: ShippingMethod, { taxCategory }, { ctx }) => ({
        resource: { ...method, taxCategory: await taxCategoryReference(resolver, ctx, taxCategory) },
      }),
    ),
    setKey: action(SetShippingMethodKeyAction, (method: ShippingMethod, { key }) => ({
      resource: withOptional(method, 'key', key),
    })),
    setDescription: action(SetShippingMethodDescriptionAction, (method: ShippingMethod, { description }) => ({
      resource: withOptional(method, 'description', description),
    })),
    setLocalizedName: action(
      SetShippingMethodLocalizedNameAction,
      (method: ShippingMethod, { localizedName }) => ({
        resource: withOptional(method, 'localizedName', localizedName),
      }),
    ),
    setLocalizedDescription: action(
      SetShippingMethodLocalizedDescriptionAction,
      (method: ShippingMethod, { localizedDescription }) => ({
        resource: withOptional(method, 'localizedDescription', localizedDescription),
      }),
    ),
    setPredicate: action(SetShippingMethodPredicateAction, (method: ShippingMethod, { predicate }) => ({
      resource: withOptional(
        method,
        'predicate',
        predicate == null ? predicate : checkedPredicate(predicate),
      ),
    })),
    setCarrier: action(SetShippingMethodCarrierAction, (method: ShippingMethod, { carrier }) => ({
      resource: withOptional(method, 'carrier', carrier),
    })),
    addStore: action(ShippingMethodStoreAction, async (method: ShippingMethod, { store }, { ctx }) => {
      const [added] = await storeReferences(resolver, ctx, [store]);
      if (method.stores.some((ref) => ref.key === added.key)) return { resource: method };
      if (method.stores.length >= SHIPPING_METHOD_STORE_LIMIT) {
        throw Errors.invalidOperation(
          `A shipping method applies to at most ${SHIPPING_METHOD_STORE_LIMIT} Stores.`,
        );
      }
      return { resource: { ...method, stores: [...method.stores, added] } };
    }),
    removeStore: action(ShippingMethodStoreAction, async (method: ShippingMethod, { store }, { ctx }) => {
      const key = store.key ?? (await storeReferences(resolver, ctx, [store]))[0].key;
      if (!method.stores.some((ref) => ref.key === key)) {
        throw Errors.invalidOperation(`The shipping method does not apply to the Store '${key}'.`);
      }
      return { resource: { ...method, stores: method.stores.filter((ref) => ref.key !== key) } };
    }),
    setStores: action(SetShippingMethodStoresAction, async (method: ShippingMethod, { stores }, { ctx }) => ({
      resource: { ...method, stores: await storeReferences(resolver, ctx, stores) },
    })),
  } satisfies ActionTable<ShippingMethod>;
}
