// The hand-written query schemas the shapes replaced (kept for shape-schema-migration.spec.ts, which proves
// the derived ones accept every field they accepted). Each one in its own block, as it was.
import { ADDRESS_TEXT_FIELDS } from '@commerce/contracts';
import { baseResourceSpec, customFieldsSpec, type FieldSpec, type QuerySchema } from '../schema.js';

// apps/checkout-service/src/carts/cart.schema.ts
export const cartQuerySchema = (() => {
  const text = { type: 'string' } as const;
  const number = { type: 'number' } as const;
  const money = {
    type: 'object',
    fields: { currencyCode: text, centAmount: number, fractionDigits: number },
  } as const;
  const reference = { type: 'object', fields: { typeId: text, id: text } } as const;
  const address = {
    type: 'object',
    fields: { key: text, country: text, state: text, city: text, postalCode: text },
  } as const;

  /** The fields of a Cart that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    customerId: text,
    customerEmail: text,
    anonymousId: text,
    customerGroup: reference,
    store: { type: 'object', fields: { typeId: text, key: text } },
    cartState: text,
    origin: text,
    country: text,
    locale: text,
    taxMode: text,
    inventoryMode: text,
    shippingMode: text,
    purchaseOrderNumber: text,
    totalPrice: money,
    totalLineItemQuantity: number,
    shippingAddress: address,
    billingAddress: address,
    lineItems: {
      type: 'array',
      of: {
        type: 'object',
        fields: {
          id: text,
          key: text,
          productId: text,
          productKey: text,
          quantity: number,
          variant: { type: 'object', fields: { id: number, sku: text } },
        },
      },
    },
    customLineItems: {
      type: 'array',
      of: { type: 'object', fields: { id: text, key: text, slug: text, quantity: number } },
    },
  };
  return schema;
})();

// apps/checkout-service/src/orders/order.schema.ts
export const orderQuerySchema = (() => {
  const text = { type: 'string' } as const;
  const money: FieldSpec = {
    type: 'object',
    fields: { currencyCode: text, centAmount: { type: 'number' }, fractionDigits: { type: 'number' } },
  };
  const address: FieldSpec = {
    type: 'object',
    fields: {
      country: text,
      city: text,
      postalCode: text,
      key: text,
      email: text,
      lastName: text,
      firstName: text,
    },
  };

  /** The fields of an Order that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    // Orders have no key: the key column holds the order number.
    key: { type: 'string', column: 'key' },
    orderNumber: { type: 'string', column: 'key' },
    purchaseOrderNumber: text,
    customerId: text,
    customerEmail: text,
    anonymousId: text,
    customerGroup: { type: 'reference' },
    store: { type: 'object', fields: { typeId: text, key: text } },
    orderState: text,
    shipmentState: text,
    paymentState: text,
    state: { type: 'reference' },
    totalPrice: money,
    country: text,
    locale: text,
    origin: text,
    completedAt: { type: 'datetime' },
    cart: { type: 'reference' },
    shippingAddress: address,
    billingAddress: address,
    lineItems: {
      type: 'array',
      of: {
        type: 'object',
        fields: {
          id: text,
          key: text,
          productId: text,
          quantity: { type: 'number' },
          variant: { type: 'object', fields: { id: { type: 'number' }, sku: text } },
        },
      },
    },
    customLineItems: { type: 'array', of: { type: 'object', fields: { id: text, key: text, slug: text } } },
    paymentInfo: { type: 'object', fields: { payments: { type: 'array', of: { type: 'reference' } } } },
    syncInfo: {
      type: 'array',
      of: { type: 'object', fields: { channel: { type: 'reference' }, externalId: text } },
    },
    custom: customFieldsSpec,
  };
  return schema;
})();

// apps/checkout-service/src/payments/payment.schema.ts
export const paymentQuerySchema = (() => {
  const text = { type: 'string' } as const;
  const money: FieldSpec = {
    type: 'object',
    fields: {
      type: text,
      currencyCode: text,
      centAmount: { type: 'number' },
      fractionDigits: { type: 'number' },
    },
  };

  /** The fields of a Payment that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    customer: { type: 'reference' },
    anonymousId: text,
    interfaceId: text,
    amountPlanned: money,
    paymentMethodInfo: {
      type: 'object',
      fields: {
        paymentInterface: text,
        method: text,
        name: { type: 'localizedString' },
        interfaceAccount: text,
        custom: customFieldsSpec,
      },
    },
    paymentStatus: {
      type: 'object',
      fields: { interfaceCode: text, interfaceText: text, state: { type: 'reference' } },
    },
    transactions: {
      type: 'array',
      of: {
        type: 'object',
        fields: {
          id: text,
          timestamp: { type: 'datetime' },
          type: text,
          amount: money,
          interactionId: text,
          state: text,
          interfaceId: text,
          custom: customFieldsSpec,
        },
      },
    },
    custom: customFieldsSpec,
  };
  return schema;
})();

// apps/checkout-service/src/zones/zone.schema.ts
export const zoneQuerySchema = (() => {
  const text = { type: 'string' } as const;

  /** The fields of a Zone that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    name: text,
    description: text,
    locations: { type: 'array', of: { type: 'object', fields: { country: text, state: text } } },
  };
  return schema;
})();

// apps/checkout-service/src/shipping-methods/shipping-method.schema.ts
export const shippingMethodQuerySchema = (() => {
  const text = { type: 'string' } as const;
  const number = { type: 'number' } as const;
  const money: FieldSpec = {
    type: 'object',
    fields: { type: text, currencyCode: text, centAmount: number, fractionDigits: number },
  };

  /** The fields of a ShippingMethod that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    name: text,
    localizedName: { type: 'localizedString' },
    description: text,
    localizedDescription: { type: 'localizedString' },
    taxCategory: { type: 'reference' },
    zoneRates: {
      type: 'array',
      of: {
        type: 'object',
        fields: {
          zone: { type: 'reference' },
          shippingRates: {
            type: 'array',
            of: {
              type: 'object',
              fields: {
                price: money,
                freeAbove: money,
                tiers: {
                  type: 'array',
                  of: {
                    type: 'object',
                    fields: {
                      type: text,
                      minimumCentAmount: number,
                      value: text,
                      score: number,
                      price: money,
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    active: { type: 'boolean' },
    isDefault: { type: 'boolean' },
    predicate: text,
    custom: customFieldsSpec,
    stores: { type: 'array', of: { type: 'object', fields: { typeId: text, key: text } } },
    carrier: text,
  };
  return schema;
})();

// apps/catalog-service/src/inventory/inventory.schema.ts
export const inventoryQuerySchema = (() => {
  const number = { type: 'number' } as const;

  /** The fields of an InventoryEntry that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    sku: { type: 'string' },
    supplyChannel: { type: 'reference' },
    quantityOnStock: number,
    availableQuantity: number,
    minCartQuantity: number,
    maxCartQuantity: number,
    restockableInDays: number,
    expectedDelivery: { type: 'datetime' },
    reservationExpirationInMinutes: number,
    stockLevels: { type: 'object', fields: { reorderPoint: number, safetyStock: number } },
    custom: customFieldsSpec,
  };
  return schema;
})();

// apps/catalog-service/src/reviews/reviews.table.ts
export const reviewQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  uniquenessValue: { type: 'string' },
  locale: { type: 'string' },
  authorName: { type: 'string' },
  title: { type: 'string' },
  text: { type: 'string' },
  target: { type: 'reference' },
  includedInStatistics: { type: 'boolean' },
  rating: { type: 'number' },
  state: { type: 'reference' },
  customer: { type: 'reference' },
  custom: customFieldsSpec,
};

// apps/catalog-service/src/custom-objects/custom-objects.table.ts
export const customObjectQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  container: { type: 'string', column: 'container' },
  value: { type: 'map', of: { type: 'any' } },
};

// apps/catalog-service/src/states/state.schema.ts
export const stateQuerySchema = (() => {
  const text = { type: 'string' } as const;

  /** The fields of a State that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    type: text,
    name: { type: 'localizedString' },
    description: { type: 'localizedString' },
    initial: { type: 'boolean' },
    builtIn: { type: 'boolean' },
    roles: { type: 'array', of: text },
    transitions: { type: 'array', of: { type: 'reference' } },
  };
  return schema;
})();

// apps/catalog-service/src/tax-categories/tax-category.schema.ts
export const taxCategoryQuerySchema = (() => {
  const text = { type: 'string' } as const;

  /** The fields of a TaxCategory that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    name: text,
    description: text,
    rates: {
      type: 'array',
      of: {
        type: 'object',
        fields: {
          id: text,
          key: text,
          name: text,
          amount: { type: 'number' },
          includedInPrice: { type: 'boolean' },
          country: text,
          state: text,
        },
      },
    },
  };
  return schema;
})();

// apps/catalog-service/src/product-selections/product-selection.schema.ts
export const productSelectionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: { type: 'localizedString' },
  productCount: { type: 'number' },
  mode: { type: 'string' },
  custom: customFieldsSpec,
};

// apps/catalog-service/src/categories/category.schema.ts
export const categoryQuerySchema = (() => {
  const text = { type: 'string' } as const;
  const localized = { type: 'localizedString' } as const;

  const assetSpec: FieldSpec = {
    type: 'object',
    fields: {
      id: text,
      key: text,
      name: localized,
      tags: { type: 'array', of: text },
      custom: customFieldsSpec,
    },
  };

  /** The fields of a Category that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    name: localized,
    slug: localized,
    description: localized,
    ancestors: { type: 'array', of: { type: 'reference' } },
    parent: { type: 'reference' },
    orderHint: text,
    externalId: text,
    metaTitle: localized,
    metaDescription: localized,
    metaKeywords: localized,
    assets: { type: 'array', of: assetSpec },
    custom: customFieldsSpec,
  };
  return schema;
})();

// apps/auth-service/src/customers/customer.schema.ts
export const customerQuerySchema = (() => {
  const text: FieldSpec = { type: 'string' };

  const addressSpec: FieldSpec = {
    type: 'object',
    fields: {
      ...Object.fromEntries([...ADDRESS_TEXT_FIELDS, 'country'].map((name) => [name, text])),
      custom: customFieldsSpec,
    },
  };

  /** The fields of a Customer that `where` and `sort` may name. The password is not one of them. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    email: text,
    customerNumber: text,
    externalId: text,
    firstName: text,
    lastName: text,
    middleName: text,
    title: text,
    salutation: text,
    dateOfBirth: { type: 'date' },
    companyName: text,
    vatId: text,
    addresses: { type: 'array', of: addressSpec },
    defaultShippingAddressId: text,
    defaultBillingAddressId: text,
    shippingAddressIds: { type: 'array', of: text },
    billingAddressIds: { type: 'array', of: text },
    isEmailVerified: { type: 'boolean' },
    locale: text,
    stores: { type: 'array', of: { type: 'object', fields: { typeId: text, key: text } } },
    customerGroup: { type: 'reference' },
    customerGroupAssignments: {
      type: 'array',
      of: { type: 'object', fields: { customerGroup: { type: 'reference' } } },
    },
    custom: customFieldsSpec,
    authenticationMode: text,
  };
  return schema;
})();

// apps/catalog-service/src/product-types/product-type.schema.ts
export const productTypeQuerySchema = (() => {
  const text = { type: 'string' } as const;

  /** The fields of a ProductType that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    name: text,
    description: text,
    attributes: {
      type: 'array',
      of: {
        type: 'object',
        fields: {
          name: text,
          label: { type: 'localizedString' },
          isRequired: { type: 'boolean' },
          level: text,
          attributeConstraint: text,
          inputHint: text,
          isSearchable: { type: 'boolean' },
          type: { type: 'object', fields: { name: text } },
        },
      },
    },
  };
  return schema;
})();

// apps/catalog-service/src/types/type.schema.ts
export const typeQuerySchema = (() => {
  const text = { type: 'string' } as const;

  /** The fields of a Type that `where` and `sort` may name. */
  const schema: QuerySchema = {
    ...baseResourceSpec,
    name: { type: 'localizedString' },
    description: { type: 'localizedString' },
    resourceTypeIds: { type: 'array', of: text },
    fieldDefinitions: {
      type: 'array',
      of: {
        type: 'object',
        fields: {
          name: text,
          label: { type: 'localizedString' },
          required: { type: 'boolean' },
          inputHint: text,
          type: { type: 'object', fields: { name: text, referenceTypeId: text } },
        },
      },
    },
  };
  return schema;
})();
// apps/auth-service/src/api-clients/api-client.schema.ts
/** The fields of an API client that `where` and `sort` may name; each is a column of `auth.api_clients`. */
export const apiClientQuerySchema: QuerySchema = {
  id: { type: 'string', column: 'id' },
  name: { type: 'string', column: 'name' },
  scope: { type: 'string', column: 'scope' },
  createdAt: { type: 'datetime', column: 'created_at' },
  lastUsedAt: { type: 'date', column: 'last_used_at' },
  deleteAt: { type: 'datetime', column: 'delete_at' },
  accessTokenValiditySeconds: { type: 'number', column: 'access_token_validity_seconds' },
  refreshTokenValiditySeconds: { type: 'number', column: 'refresh_token_validity_seconds' },
};

// apps/auth-service/src/extensions/extensions.table.ts
/** The fields of an Extension that `where` and `sort` may name. */
export const extensionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  timeoutInMs: { type: 'number' },
  destination: { type: 'object', fields: { type: { type: 'string' }, url: { type: 'string' } } },
  triggers: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        resourceTypeId: { type: 'string' },
        actions: { type: 'array', of: { type: 'string' } },
        condition: { type: 'string' },
      },
    },
  },
};

// apps/auth-service/src/subscriptions/subscriptions.table.ts
/** The fields of a Subscription that `where` and `sort` may name. */
export const subscriptionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  status: { type: 'string' },
  destination: { type: 'object', fields: { type: { type: 'string' } } },
  format: { type: 'object', fields: { type: { type: 'string' } } },
  messages: {
    type: 'array',
    of: { type: 'object', fields: { resourceTypeId: { type: 'string' }, types: { type: 'array', of: { type: 'string' } } } },
  },
  changes: { type: 'array', of: { type: 'object', fields: { resourceTypeId: { type: 'string' } } } },
};

export type { FieldSpec };

// apps/catalog-service/src/products/product.schema.ts
const productDataSpec: FieldSpec = (() => {
  const text = { type: 'string' } as const;
  const variantSpec: FieldSpec = {
    type: 'object',
    fields: {
      id: { type: 'number' },
      sku: text,
      key: text,
      attributes: { type: 'array', of: { type: 'object', fields: { name: text, value: { type: 'any' } } } },
    },
  };
  return {
    type: 'object',
    fields: {
      name: { type: 'localizedString' },
      slug: { type: 'localizedString' },
      description: { type: 'localizedString' },
      categories: { type: 'array', of: { type: 'reference' } },
      masterVariant: variantSpec,
      variants: { type: 'array', of: variantSpec },
    },
  };
})();

const reviewRatingStatisticsSpec: FieldSpec = {
  type: 'object',
  fields: {
    averageRating: { type: 'number' },
    highestRating: { type: 'number' },
    lowestRating: { type: 'number' },
    count: { type: 'number' },
  },
};

export const productQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  productType: { type: 'reference' },
  priceMode: { type: 'string' },
  reviewRatingStatistics: reviewRatingStatisticsSpec,
  masterData: {
    type: 'object',
    fields: {
      published: { type: 'boolean' },
      hasStagedChanges: { type: 'boolean' },
      current: productDataSpec,
      staged: productDataSpec,
    },
  },
};

// apps/catalog-service/src/product-projections/projection.schema.ts
export const projectionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  ...(productDataSpec.type === 'object' ? productDataSpec.fields : {}),
  productType: { type: 'reference' },
  taxCategory: { type: 'reference' },
  state: { type: 'reference' },
  priceMode: { type: 'string' },
  reviewRatingStatistics: reviewRatingStatisticsSpec,
  published: { type: 'boolean' },
  hasStagedChanges: { type: 'boolean' },
  metaTitle: { type: 'localizedString' },
  metaDescription: { type: 'localizedString' },
  metaKeywords: { type: 'localizedString' },
};
