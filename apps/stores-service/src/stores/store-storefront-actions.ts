import {
  STOREFRONT_ACTIONS,
  STOREFRONT_FIELDS,
  storefrontActionName,
  type Store,
  type Storefront,
  type StorefrontActionName,
  type StorefrontField,
} from '@commerce/contracts';
import { action, type ActionHandler } from '@commerce/resources';

/** A Storefront without its unset fields (absent or empty), or undefined when none is set. */
export function storefrontOf(fields: Storefront | undefined): Storefront | undefined {
  const set = Object.entries(fields ?? {}).filter(([, value]) => typeof value === 'string' && value !== '');
  return set.length > 0 ? Object.fromEntries(set) : undefined;
}

/** The Store with its Storefront replaced; no `storefront` when no field is set. */
function withStorefront(store: Store, fields: Storefront): Store {
  const { storefront: _old, ...rest } = store;
  const storefront = storefrontOf(fields);
  return storefront ? { ...rest, storefront } : rest;
}

/** `set<Field>`: sets one Storefront field (absent or empty removes it), Message `Store<Field>Set`. */
function setStorefrontField(field: StorefrontField): ActionHandler<Store> {
  const dto: new () => Partial<Record<string, string>> = STOREFRONT_ACTIONS[storefrontActionName(field)];
  const messageType = `Store${storefrontActionName(field).slice('set'.length)}Set`;
  return action(dto, (store: Store, parsed) => {
    const value = parsed[field] || undefined;
    return {
      resource: withStorefront(store, { ...store.storefront, [field]: value }),
      messages: [{ type: messageType, ...(value ? { [field]: value } : {}) }],
    };
  });
}

/** The ten Storefront actions (`setCheckoutUrlTemplate`, ..., `setContactUrl`). */
export function storefrontActions(): Record<StorefrontActionName, ActionHandler<Store>> {
  const fields = Object.keys(STOREFRONT_FIELDS) as StorefrontField[];
  return Object.fromEntries(
    fields.map((field) => [storefrontActionName(field), setStorefrontField(field)]),
  ) as Record<StorefrontActionName, ActionHandler<Store>>;
}
