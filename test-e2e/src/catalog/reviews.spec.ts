import type { Product, Review, State } from '@commercetools/platform-sdk';
import { customerDraft } from '../auth/auth-helpers.js';
import { data } from '../graphql/graphql-helpers.js';
import { api, eventually } from '../support/api.js';
import { stateDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { messagesOf, newChannel, newProduct, newType, ref, updateError } from './catalog-helpers.js';

const reviewState = (overrides: Record<string, unknown> = {}) =>
  api.create<State>('states', stateDraft({ type: 'ReviewState', ...overrides }));

/** The product's statistics once they reach `count` Reviews (they follow each committed Review change). */
const statisticsOf = (product: Product, count: number) =>
  eventually(async () => {
    const { body } = await api.get<Product>(`products/${product.id}`);
    const statistics = body.reviewRatingStatistics;
    return (statistics?.count ?? 0) === count ? (statistics ?? null) : undefined;
  });

describe('Reviews', () => {
  it('are created through the SDK with every draft field, read by id and key, and expand their references', async () => {
    const client = await sdk();
    const product = await newProduct();
    const customer = (await api.create<{ customer: { id: string } }>('customers', customerDraft())).customer;
    const state = await reviewState({ initial: true, roles: ['ReviewIncludedInStatistics'] });
    const type = await newType(['review']);
    const key = uniqueKey('review');
    const { body, statusCode } = await client
      .reviews()
      .post({
        body: {
          key,
          uniquenessValue: uniqueKey('unique'),
          locale: 'en',
          authorName: 'Ada',
          title: 'Great',
          text: 'Works as described',
          target: { typeId: 'product', key: product.key },
          state: { typeId: 'state', key: state.key },
          rating: 80,
          customer: { typeId: 'customer', id: customer.id },
          custom: { type: { typeId: 'type', key: type.key }, fields: { note: 'verified' } },
        },
      })
      .execute();
    expect(statusCode).toBe(201);
    expect(body).toMatchObject({
      key,
      locale: 'en',
      authorName: 'Ada',
      title: 'Great',
      text: 'Works as described',
      target: ref(product, 'product'),
      state: ref(state, 'state'),
      rating: 80,
      includedInStatistics: true,
      customer: ref(customer, 'customer'),
      custom: { type: ref(type, 'type'), fields: { note: 'verified' } },
    });
    const byKey = await client
      .reviews()
      .withKey({ key })
      .get({ queryArgs: { expand: ['target', 'state', 'customer'] } })
      .execute();
    expect(byKey.body.target?.obj).toMatchObject({ id: product.id });
    expect(byKey.body.state?.obj).toMatchObject({ key: state.key });
    expect(byKey.body.customer?.obj).toMatchObject({ id: customer.id });
    const [created] = await messagesOf(body.id);
    expect(created).toMatchObject({ type: 'ReviewCreated', review: { id: body.id, rating: 80 } });
  });

  it('count in statistics by the state role, and keep the product statistics current', async () => {
    const product = await newProduct();
    const counted = await reviewState({ roles: ['ReviewIncludedInStatistics'] });
    const hidden = await reviewState({ transitions: [{ typeId: 'state', id: counted.id }] });
    const target = ref(product, 'product');
    const plain = await api.create<Review>('reviews', { target, rating: 100 });
    expect(plain.includedInStatistics).toBe(true);
    const second = await api.create<Review>('reviews', { target, rating: 50, state: ref(counted, 'state') });
    const third = await api.create<Review>('reviews', { target, rating: -20, state: ref(hidden, 'state') });
    expect(third.includedInStatistics).toBe(false);
    await api.create<Review>('reviews', { target, state: ref(counted, 'state') });
    expect(await statisticsOf(product, 2)).toEqual({
      averageRating: 75,
      highestRating: 100,
      lowestRating: 50,
      count: 2,
      ratingsDistribution: { '100': 1, '50': 1 },
    });

    const moved = await api.update<Review>(`reviews/${third.id}`, third.version, [
      { action: 'transitionState', state: ref(counted, 'state') },
    ]);
    expect(moved.includedInStatistics).toBe(true);
    expect(await statisticsOf(product, 3)).toMatchObject({ lowestRating: -20, averageRating: 43.33333 });
    const messages = await messagesOf(third.id, 2);
    expect(messages[1]).toMatchObject({
      type: 'ReviewStateTransition',
      oldState: ref(hidden, 'state'),
      newState: ref(counted, 'state'),
      oldIncludedInStatistics: false,
      newIncludedInStatistics: true,
      target,
      force: false,
    });

    const rerated = await api.update<Review>(`reviews/${second.id}`, second.version, [
      { action: 'setRating', rating: 10 },
    ]);
    expect((await messagesOf(second.id, 2))[1]).toMatchObject({
      type: 'ReviewRatingSet',
      oldRating: 50,
      newRating: 10,
      includedInStatistics: true,
      target,
    });
    await api.request('DELETE', `reviews/${plain.id}?version=${plain.version}`);
    expect(await statisticsOf(product, 2)).toMatchObject({ highestRating: 10, lowestRating: -20 });
    expect(rerated.rating).toBe(10);
    const projection = await api.get(`product-projections/${product.id}`);
    expect(projection.body.reviewRatingStatistics).toMatchObject({ count: 2 });
    const where = (predicate: string) =>
      encodeURIComponent(`id = "${product.id}" and reviewRatingStatistics(${predicate})`);
    expect((await api.get(`products?where=${where('count = 2')}`)).body.results).toHaveLength(1);
    expect(
      (await api.get(`product-projections?staged=true&where=${where('highestRating > 10')}`)).body.count,
    ).toBe(0);
  });

  it('apply every update action; setTarget moves the Review between products and channels', async () => {
    const client = await sdk();
    const [first, second] = [await newProduct(), await newProduct()];
    const channel = await newChannel();
    const customer = (await api.create<{ customer: { id: string } }>('customers', customerDraft())).customer;
    const type = await newType(['review']);
    let review = await api.create<Review>('reviews', { target: ref(first, 'product'), rating: 40 });
    await statisticsOf(first, 1);
    const key = uniqueKey('review');
    review = (
      await client
        .reviews()
        .withId({ ID: review.id })
        .post({
          body: {
            version: review.version,
            actions: [
              { action: 'setAuthorName', authorName: 'Bob' },
              { action: 'setCustomer', customer: { typeId: 'customer', id: customer.id } },
              { action: 'setKey', key },
              { action: 'setLocale', locale: 'de' },
              { action: 'setRating', rating: 60 },
              { action: 'setTarget', target: { typeId: 'product', id: second.id } },
              { action: 'setText', text: 'Text' },
              { action: 'setTitle', title: 'Title' },
              { action: 'setCustomType', type: { typeId: 'type', id: type.id } },
              { action: 'setCustomField', name: 'rank', value: 3 },
            ],
          },
        })
        .execute()
    ).body;
    expect(review).toMatchObject({
      key,
      authorName: 'Bob',
      customer: ref(customer, 'customer'),
      locale: 'de',
      rating: 60,
      target: ref(second, 'product'),
      text: 'Text',
      title: 'Title',
      custom: { fields: { rank: 3 } },
    });
    expect(await statisticsOf(first, 0)).toBeNull();
    expect(await statisticsOf(second, 1)).toMatchObject({ averageRating: 60 });

    const unset = await api.update<Review>(`reviews/${review.id}`, review.version, [
      { action: 'setAuthorName' },
      { action: 'setCustomer' },
      { action: 'setKey' },
      { action: 'setLocale' },
      { action: 'setRating' },
      { action: 'setText' },
      { action: 'setTitle' },
      { action: 'setTarget', target: ref(channel, 'channel') },
    ]);
    for (const field of ['authorName', 'customer', 'key', 'locale', 'rating', 'text', 'title']) {
      expect(unset).not.toHaveProperty(field);
    }
    expect(unset.target).toEqual(ref(channel, 'channel'));
    expect(await statisticsOf(second, 0)).toBeNull();
  });

  it('refuse bad ratings, unknown references, a non-review state, a disallowed transition and a duplicate uniquenessValue', async () => {
    const product = await newProduct();
    for (const rating of [101, -101, 2.5]) {
      const refused = await api.post('reviews', { target: ref(product, 'product'), rating });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBe('InvalidJsonInput');
    }
    const missing = await api.post('reviews', { target: { typeId: 'product', id: 'nope' } });
    expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product' });
    const badType = await api.post('reviews', { target: { typeId: 'category', id: product.id } });
    expect(badType.status).toBe(400);
    const productState = await api.create<State>('states', stateDraft({ type: 'ProductState' }));
    const wrongState = await api.post('reviews', { state: ref(productState, 'state') });
    expect(wrongState.body.errors[0].code).toBe('InvalidOperation');

    const closed = await reviewState({ transitions: [] });
    const other = await reviewState();
    const review = await api.create<Review>('reviews', { state: ref(closed, 'state') });
    const refused = await updateError('reviews', review, {
      action: 'transitionState',
      state: ref(other, 'state'),
    });
    expect(refused).toMatchObject({ status: 400, error: { code: 'InvalidOperation' } });
    const forced = await api.update<Review>(`reviews/${review.id}`, review.version, [
      { action: 'transitionState', state: ref(other, 'state'), force: true },
    ]);
    expect(forced.state).toEqual(ref(other, 'state'));
    const notInitial = await api.create<Review>('reviews', {});
    const fromNothing = await updateError('reviews', notInitial, {
      action: 'transitionState',
      state: ref(other, 'state'),
    });
    expect(fromNothing.error.code).toBe('InvalidOperation');

    const uniquenessValue = uniqueKey('unique');
    await api.create('reviews', { uniquenessValue });
    const duplicate = await api.post('reviews', { uniquenessValue });
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'uniquenessValue' });
    const stale = await updateError('reviews', { ...forced, version: 1 }, { action: 'setTitle', title: 'x' });
    expect(stale).toMatchObject({ status: 409, error: { code: 'ConcurrentModification' } });
  });

  it('are queried and deleted, with view_products to read and manage_products to write (RAML)', async () => {
    const { projectKey } = await platform();
    const authorName = uniqueKey('author');
    const review = await api.create<Review>('reviews', { authorName, rating: 5 });
    const reader = (await sdk([`view_products:${projectKey}`])).reviews();
    const page = await reader.get({ queryArgs: { where: `authorName = "${authorName}"` } }).execute();
    expect(page.body.results.map((r) => r.id)).toEqual([review.id]);
    await expect(
      reader
        .withId({ ID: review.id })
        .delete({ queryArgs: { version: review.version } })
        .execute(),
    ).rejects.toMatchObject({ statusCode: 403 });
    const writer = (await sdk([`manage_products:${projectKey}`])).reviews();
    const deleted = await writer
      .withId({ ID: review.id })
      .delete({ queryArgs: { version: review.version } })
      .execute();
    expect(deleted.body.id).toBe(review.id);
    expect((await api.get(`reviews/${review.id}`)).status).toBe(404);
  });

  it('are read and written through GraphQL', async () => {
    const client = await sdk();
    const product = await newProduct();
    const customer = (await api.create<{ customer: { id: string } }>('customers', customerDraft())).customer;
    const key = uniqueKey('review');
    const created = await data(
      client,
      `mutation($draft: ReviewDraft!) { createReview(draft: $draft) { id version key rating includedInStatistics } }`,
      {
        draft: {
          key,
          rating: 30,
          title: 'Via GraphQL',
          target: { typeId: 'product', id: product.id },
          customer: { typeId: 'customer', id: customer.id },
        },
      },
    );
    expect(created.createReview).toMatchObject({ key, rating: 30, includedInStatistics: true });
    const updated = await data(
      client,
      `mutation($key: String, $version: Long!) {
        updateReview(key: $key, version: $version, actions: [{ setRating: { rating: 40 } }, { setText: { text: "t" } }]) {
          version rating text
        }
      }`,
      { key, version: created.createReview.version },
    );
    expect(updated.updateReview).toMatchObject({ rating: 40, text: 't' });
    const read = await data(
      client,
      `query($key: String, $where: String) {
        review(key: $key) { title targetRef { typeId id } customerRef { id } customer { id } }
        reviews(where: $where) { total results { key } }
      }`,
      { key, where: `key = "${key}"` },
    );
    expect(read).toEqual({
      review: {
        title: 'Via GraphQL',
        targetRef: { typeId: 'product', id: product.id },
        customerRef: { id: customer.id },
        customer: { id: customer.id },
      },
      reviews: { total: 1, results: [{ key }] },
    });
    const deleted = await data(
      client,
      `mutation($key: String, $version: Long!) { deleteReview(key: $key, version: $version) { id } }`,
      {
        key,
        version: updated.updateReview.version,
      },
    );
    expect(deleted.deleteReview.id).toBe(created.createReview.id);
  });
});
