import { createStore } from '../auth/auth-helpers.js';
import { sortOrder } from '../discounts/discount-fixtures.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { data, graphql, localized, type Client } from './graphql-helpers.js';

const PRODUCT_DISCOUNT = `id version key name(locale: "en") value predicate sortOrder isActive`;
const CART_DISCOUNT = `id version key name(locale: "en") value target cartPredicate sortOrder isActive
  requiresDiscountCode stackingMode`;
const DISCOUNT_CODE = `id version code key cartDiscountsRef { typeId id } cartDiscounts { key }
  maxApplications isActive`;
const STANDALONE_PRICE = `id version key sku value staged active`;

/** Product discounts, cart discounts, discount codes and standalone prices through the SDK's `graphql()`. */
describe('GraphQL: discounts and standalone prices', () => {
  let admin: Client;

  beforeAll(async () => {
    admin = await sdk();
  });

  it('creates, reads, updates and deletes a product discount as REST stores it', async () => {
    const key = uniqueKey('pd');
    const sku = uniqueKey('pd-sku');
    const created = await data(
      admin,
      `mutation ($draft: ProductDiscountDraft!) { createProductDiscount(draft: $draft) { ${PRODUCT_DISCOUNT} } }`,
      {
        draft: {
          key,
          name: localized({ en: 'Ten off' }),
          value: { type: 'relative', permyriad: 1000 },
          predicate: `sku = "${sku}"`,
          sortOrder: sortOrder(),
          isActive: false,
        },
      },
    );
    const discount = created.createProductDiscount;
    expect(discount).toMatchObject({
      key,
      name: 'Ten off',
      value: { type: 'relative', permyriad: 1000 },
      predicate: `sku = "${sku}"`,
      isActive: false,
      version: 1,
    });
    const rest = await admin.productDiscounts().withKey({ key }).get().execute();
    expect(rest.body.id).toBe(discount.id);

    const updated = await data(
      admin,
      `mutation ($key: String!, $version: Long!, $actions: [ProductDiscountUpdateAction!]!) {
        updateProductDiscount(key: $key, version: $version, actions: $actions) { ${PRODUCT_DISCOUNT} }
      }`,
      {
        key,
        version: discount.version,
        actions: [
          { changeIsActive: { isActive: true } },
          // The live schema's one-of form; the draft above used REST's.
          { changeValue: { value: { absolute: { money: [{ currencyCode: 'EUR', centAmount: 150 }] } } } },
        ],
      },
    );
    expect(updated.updateProductDiscount).toMatchObject({
      version: 2,
      isActive: true,
      value: { type: 'absolute', money: [expect.objectContaining({ currencyCode: 'EUR', centAmount: 150 })] },
    });

    const read = await data(
      admin,
      `query ($id: String!, $where: String!) {
        productDiscount(id: $id) { key version }
        productDiscounts(where: $where) { total results { id } }
      }`,
      { id: discount.id, where: `key = "${key}"` },
    );
    expect(read.productDiscount).toEqual({ key, version: 2 });
    expect(read.productDiscounts).toEqual({ total: 1, results: [{ id: discount.id }] });

    // A predicate the platform cannot parse is refused at write time with its position (no half-write).
    const refused = await graphql(
      admin,
      `
        mutation ($id: String!) {
          updateProductDiscount(
            id: $id
            version: 2
            actions: [{ changePredicate: { predicate: "sku = " } }]
          ) {
            version
          }
        }
      `,
      { id: discount.id },
    );
    expect(refused.status).toBe(200);
    expect(refused.errors?.[0]).toMatchObject({
      path: ['updateProductDiscount'],
      extensions: { code: 'InvalidInput' },
    });
    expect(refused.errors?.[0].message).toMatch(/line 1, column/);

    const deleted = await data(
      admin,
      `mutation ($id: String!) { deleteProductDiscount(id: $id, version: 2) { id } }`,
      {
        id: discount.id,
      },
    );
    expect(deleted.deleteProductDiscount).toEqual({ id: discount.id });
    const gone = await data(admin, `query ($id: String!) { productDiscount(id: $id) { id } }`, {
      id: discount.id,
    });
    expect(gone.productDiscount).toBeNull();
  });

  it('writes a cart discount and a discount code that names it, and reads the code with its discount resolved', async () => {
    const key = uniqueKey('cd');
    const created = await data(
      admin,
      `mutation ($draft: CartDiscountDraft!) { createCartDiscount(draft: $draft) { ${CART_DISCOUNT} } }`,
      {
        draft: {
          key,
          name: localized({ en: 'Five percent' }),
          value: { relative: { permyriad: 500 } },
          target: { lineItems: { predicate: 'true' } },
          cartPredicate: 'totalPrice >= "10.00 EUR"',
          sortOrder: sortOrder(),
          requiresDiscountCode: true,
          stackingMode: 'StopAfterThisDiscount',
        },
      },
    );
    const cartDiscount = created.createCartDiscount;
    expect(cartDiscount).toMatchObject({
      key,
      name: 'Five percent',
      value: { type: 'relative', permyriad: 500 },
      target: { type: 'lineItems', predicate: 'true' },
      cartPredicate: 'totalPrice >= "10.00 EUR"',
      isActive: true,
      requiresDiscountCode: true,
      stackingMode: 'StopAfterThisDiscount',
    });

    const updated = await data(
      admin,
      `mutation ($key: String!, $version: Long!, $actions: [CartDiscountUpdateAction!]!) {
        updateCartDiscount(key: $key, version: $version, actions: $actions) { ${CART_DISCOUNT} }
      }`,
      {
        key,
        version: cartDiscount.version,
        actions: [
          { changeTarget: { target: { shipping: {} } } },
          { changeStackingMode: { stackingMode: 'Stacking' } },
          { changeCartPredicate: { cartPredicate: 'lineItemCount(1 = 1) > 1' } },
        ],
      },
    );
    expect(updated.updateCartDiscount).toMatchObject({
      version: 2,
      target: { type: 'shipping' },
      stackingMode: 'Stacking',
      cartPredicate: 'lineItemCount(1 = 1) > 1',
    });
    const rest = (await admin.cartDiscounts().withKey({ key }).get().execute()).body;
    expect(rest).toMatchObject({ version: 2, target: { type: 'shipping' }, stackingMode: 'Stacking' });

    const code = uniqueKey('CODE');
    const codeCreated = await data(
      admin,
      `mutation ($draft: DiscountCodeDraft!) { createDiscountCode(draft: $draft) { ${DISCOUNT_CODE} } }`,
      { draft: { code, cartDiscounts: [{ typeId: 'cart-discount', key }], maxApplications: 5 } },
    );
    const discountCode = codeCreated.createDiscountCode;
    expect(discountCode).toMatchObject({
      code,
      cartDiscountsRef: [{ typeId: 'cart-discount', id: cartDiscount.id }],
      cartDiscounts: [{ key }],
      maxApplications: 5,
      isActive: true,
    });
    const codeUpdated = await data(
      admin,
      `mutation ($id: String!, $version: Long!) {
        updateDiscountCode(id: $id, version: $version, actions: [
          {setMaxApplications: {maxApplications: 10}}, {changeIsActive: {isActive: false}}
        ]) { ${DISCOUNT_CODE} }
      }`,
      { id: discountCode.id, version: discountCode.version },
    );
    expect(codeUpdated.updateDiscountCode).toMatchObject({
      version: 2,
      maxApplications: 10,
      isActive: false,
    });
    const read = await data(
      admin,
      `query ($id: String!, $where: String!) {
        discountCode(id: $id) { code }
        discountCodes(where: $where) { total results { id } }
        cartDiscount(key: "${key}") { id }
        cartDiscounts(where: "key = \\"${key}\\"") { total }
      }`,
      { id: discountCode.id, where: `code = "${code}"` },
    );
    expect(read).toEqual({
      discountCode: { code },
      discountCodes: { total: 1, results: [{ id: discountCode.id }] },
      cartDiscount: { id: cartDiscount.id },
      cartDiscounts: { total: 1 },
    });

    // A cart discount a code still names cannot go; the code first.
    await data(admin, `mutation ($id: String!) { deleteDiscountCode(id: $id, version: 2) { id } }`, {
      id: discountCode.id,
    });
    const deleted = await data(
      admin,
      `mutation ($key: String!) { deleteCartDiscount(key: $key, version: 2) { key } }`,
      {
        key,
      },
    );
    expect(deleted.deleteCartDiscount).toEqual({ key });
  });

  it("types a cart discount's group and Stores as references, resolvable, and writes one in a Store", async () => {
    const store = await createStore();
    const group = (
      await admin
        .discountGroups()
        .post({ body: { key: uniqueKey('dg'), sortOrder: sortOrder() } })
        .execute()
    ).body;
    const created = await data(
      admin,
      `mutation ($draft: CartDiscountDraft!, $storeKey: KeyReferenceInput) {
        createCartDiscount(draft: $draft, storeKey: $storeKey) { id version storesRef { typeId key } }
      }`,
      {
        storeKey: store,
        draft: {
          key: uniqueKey('cd'),
          name: localized({ en: 'Grouped' }),
          value: { relative: { permyriad: 500 } },
          target: { lineItems: { predicate: 'true' } },
          cartPredicate: '1 = 1',
          discountGroup: { typeId: 'discount-group', key: group.key },
          isActive: false,
          requiresDiscountCode: true,
        },
      },
    );
    const { id } = created.createCartDiscount;
    expect(created.createCartDiscount.storesRef).toEqual([{ typeId: 'store', key: store }]);
    const code = (
      await admin
        .discountCodes()
        .post({ body: { code: uniqueKey('CODE'), cartDiscounts: [{ typeId: 'cart-discount', id }] } })
        .execute()
    ).body;
    const read = await data(
      admin,
      `query ($id: String!, $code: String!) {
        cartDiscount(id: $id) {
          discountGroupRef { typeId id } discountGroup { key sortOrder } storesRef { key } stores { key }
        }
        discountCode(id: $code) { storesRef { typeId key } stores { key } }
      }`,
      { id, code: code.id },
    );
    expect(read).toEqual({
      cartDiscount: {
        discountGroupRef: { typeId: 'discount-group', id: group.id },
        discountGroup: { key: group.key, sortOrder: group.sortOrder },
        storesRef: [{ key: store }],
        stores: [{ key: store }],
      },
      discountCode: { storesRef: [{ typeId: 'store', key: store }], stores: [{ key: store }] },
    });
    // Under inStore: the Store's discounts and codes only.
    const other = await createStore();
    const inStores = await data(
      admin,
      `query ($store: KeyReferenceInput!, $other: KeyReferenceInput!, $code: String!) {
        mine: inStore(key: $store) {
          cartDiscounts(where: "discountGroup(id is defined)") { results { id } }
          discountCodes { results { id } }
          discountCode(id: $code) { id }
        }
        theirs: inStore(key: $other) {
          cartDiscounts { total }
          discountCodes { total }
          discountCode(id: $code) { id }
        }
      }`,
      { store, other, code: code.id },
    );
    expect(inStores).toEqual({
      mine: {
        cartDiscounts: { results: [{ id }] },
        discountCodes: { results: [{ id: code.id }] },
        discountCode: { id: code.id },
      },
      theirs: { cartDiscounts: { total: 0 }, discountCodes: { total: 0 }, discountCode: null },
    });
    await admin
      .discountCodes()
      .withId({ ID: code.id })
      .delete({ queryArgs: { version: code.version } })
      .execute();
    await data(admin, `mutation ($id: String!) { deleteCartDiscount(id: $id, version: 1) { id } }`, { id });
  });

  it('refuses a cart discount whose predicate cannot be read, and a write without the scopes', async () => {
    const refused = await graphql(
      admin,
      `
        mutation ($draft: CartDiscountDraft!) {
          createCartDiscount(draft: $draft) {
            id
          }
        }
      `,
      {
        draft: {
          name: localized({ en: 'Broken' }),
          value: { type: 'relative', permyriad: 500 },
          target: { type: 'lineItems', predicate: 'true' },
          cartPredicate: 'lineItemCount(sku = ) > 1',
          sortOrder: sortOrder(),
        },
      },
    );
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'InvalidInput' } });
    expect(refused.errors?.[0].message).toMatch(/line 1, column \d+/);

    const { projectKey } = await platform();
    const viewer = await sdk([`view_cart_discounts:${projectKey}`]);
    const forbidden = await graphql(
      viewer,
      `
        mutation ($draft: CartDiscountDraft!) {
          createCartDiscount(draft: $draft) {
            id
          }
        }
      `,
      {
        draft: {
          name: localized({ en: 'Not allowed' }),
          value: { type: 'relative', permyriad: 500 },
          target: { type: 'lineItems', predicate: 'true' },
          cartPredicate: '1 = 1',
          sortOrder: sortOrder(),
        },
      },
    );
    expect(forbidden.errors?.[0]).toMatchObject({ extensions: { code: 'insufficient_scope' } });
    const readable = await graphql(
      viewer,
      `
        {
          cartDiscounts(limit: 1) {
            offset
          }
        }
      `,
    );
    expect(readable.errors).toBeUndefined();
  });

  it('creates a standalone price, stages a value, applies it and finds the price by SKU', async () => {
    const sku = uniqueKey('sp-sku');
    const key = uniqueKey('sp');
    const created = await data(
      admin,
      `mutation ($draft: CreateStandalonePrice!) { createStandalonePrice(draft: $draft) { ${STANDALONE_PRICE} } }`,
      { draft: { key, sku, value: { currencyCode: 'EUR', centAmount: 1999 } } },
    );
    const price = created.createStandalonePrice;
    expect(price).toMatchObject({
      key,
      sku,
      value: expect.objectContaining({ centAmount: 1999, currencyCode: 'EUR' }),
      staged: null,
      active: true,
    });

    const staged = await data(
      admin,
      `mutation ($id: String!, $version: Long!, $actions: [StandalonePriceUpdateAction!]!) {
        updateStandalonePrice(id: $id, version: $version, actions: $actions) { ${STANDALONE_PRICE} }
      }`,
      {
        id: price.id,
        version: price.version,
        actions: [{ changeValue: { value: { currencyCode: 'EUR', centAmount: 1499 }, staged: true } }],
      },
    );
    expect(staged.updateStandalonePrice).toMatchObject({
      version: 2,
      value: expect.objectContaining({ centAmount: 1999 }),
      staged: { value: expect.objectContaining({ centAmount: 1499 }) },
    });
    const applied = await data(
      admin,
      `mutation ($key: String!) {
        updateStandalonePrice(key: $key, version: 2, actions: [{applyStagedChanges: {dummy: null}}]) { ${STANDALONE_PRICE} }
      }`,
      { key },
    );
    expect(applied.updateStandalonePrice).toMatchObject({
      version: 3,
      value: expect.objectContaining({ centAmount: 1499 }),
      staged: null,
    });
    const rest = (await admin.standalonePrices().withKey({ key }).get().execute()).body;
    expect(rest.value.centAmount).toBe(1499);

    const read = await data(
      admin,
      `query ($where: String!) { standalonePrices(where: $where) { total results { key value } } }`,
      { where: `sku = "${sku}"` },
    );
    expect(read.standalonePrices).toEqual({
      total: 1,
      results: [{ key, value: expect.objectContaining({ centAmount: 1499 }) }],
    });

    const currency = await graphql(
      admin,
      `
        mutation ($key: String!) {
          updateStandalonePrice(
            key: $key
            version: 3
            actions: [{ changeValue: { value: { currencyCode: "USD", centAmount: 5 } } }]
          ) {
            version
          }
        }
      `,
      { key },
    );
    expect(currency.errors?.[0]).toMatchObject({ extensions: { code: 'InvalidInput' } });
    const deleted = await data(
      admin,
      `mutation ($key: String!) { deleteStandalonePrice(key: $key, version: 3) { sku } }`,
      {
        key,
      },
    );
    expect(deleted.deleteStandalonePrice).toEqual({ sku });
  });
});
