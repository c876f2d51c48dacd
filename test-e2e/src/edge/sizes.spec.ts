import { api } from '../support/api.js';
import { productDraft, productTypeDraft, storeDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { rawExchange, requestText } from './raw-socket.js';

const SIXTEEN_MB = 16 * 1024 * 1024;

const invalidJson = (detailedErrorMessage: string) => ({
  statusCode: 400,
  message: 'Request body does not contain valid JSON.',
  errors: [
    { code: 'InvalidJsonInput', message: 'Request body does not contain valid JSON.', detailedErrorMessage },
  ],
});

describe('sizes (spec: Limits), each refused with the API error body and nothing stored', () => {
  it('refuses a request body over 16 MB: 413 ContentTooLarge, answered before the body is read', async () => {
    const { projectKey } = await platform();
    const draft = storeDraft();
    const start = JSON.stringify(draft).slice(0, -1);
    // The announced length is refused at once: the rest of the body need not (and here does not) follow.
    const response = await rawExchange(
      requestText(
        `POST /${projectKey}/stores HTTP/1.1`,
        {
          Authorization: `Bearer ${await adminToken()}`,
          'Content-Type': 'application/json',
          'Content-Length': String(SIXTEEN_MB + 1),
        },
        start,
      ),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      statusCode: 413,
      message: 'Content too large.',
      errors: [{ code: 'ContentTooLarge', message: 'Content too large.' }],
    });
    expect((await api.get(`stores/key=${draft.key}`)).status).toBe(404);
  });

  it('refuses an update that would grow a resource past 16 MB: 400 ResourceSizeLimitExceeded, nothing written', async () => {
    const productType = await api.create(
      'product-types',
      productTypeDraft({
        attributes: [{ name: 'note', label: { en: 'Note' }, isRequired: false, type: { name: 'text' } }],
      }),
    );
    const skus = Array.from({ length: 100 }, () => uniqueKey('sku'));
    const product = await api.create('products', productDraft(productType.id, skus));
    // A 100 KB body: its one action copies the value into 100 variants of the staged and current data.
    const value = 'x'.repeat(100 * 1024);
    const response = await api.post(`products/${product.id}`, {
      version: product.version,
      actions: [{ action: 'setAttributeInAllVariants', name: 'note', value, staged: false }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      message: 'The resource size exceeds the maximal allowed size of 16 MB.',
      errors: [
        {
          code: 'ResourceSizeLimitExceeded',
          message: 'The resource size exceeds the maximal allowed size of 16 MB.',
        },
      ],
    });
    const stored = await api.get(`products/${product.id}`);
    expect(stored.body.version).toBe(product.version);
    expect(stored.body.masterData.staged.masterVariant.attributes ?? []).toEqual([]);
    // A value a tenth of the size fits, and is written.
    const fits = await api.update(`products/${product.id}`, product.version, [
      { action: 'setAttributeInAllVariants', name: 'note', value: 'y'.repeat(1024), staged: true },
    ]);
    expect(fits.version).toBe(product.version + 1);
  });

  it('refuses JSON nested deeper than 64 levels: 400 InvalidJsonInput, before validation', async () => {
    const deep = `{"key":"${uniqueKey('deep')}","name":${'{"en":'.repeat(64)}"x"${'}'.repeat(64)}}`;
    const response = await api.post('stores', undefined, { rawBody: deep });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidJson('JSON nesting deeper than 64 levels.'));
  });

  it('refuses a 10,000-level nested array without crashing, and keeps serving', async () => {
    const hostile = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const path of ['stores', 'graphql', 'products']) {
      const response = await api.post(path, undefined, { rawBody: hostile });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalidJson('JSON nesting deeper than 64 levels.'));
    }
    expect((await api.get('stores')).status).toBe(200);
  });

  it('accepts nesting up to 64 levels as far as the parser goes (the draft validator speaks next)', async () => {
    const atLimit = `{"key":"${uniqueKey('deep')}","name":${'{"en":'.repeat(62)}"x"${'}'.repeat(62)}}`;
    const response = await api.post('stores', undefined, { rawBody: atLimit });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('InvalidJsonInput');
    expect(response.body.errors[0].detailedErrorMessage).not.toContain('nesting');
  });

  it('refuses an array of more than 10,000 elements: 400 InvalidJsonInput', async () => {
    const draft = storeDraft();
    const response = await api.post('stores', {
      ...draft,
      languages: Array.from({ length: 10_001 }, () => 'en'),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidJson('JSON array with more than 10000 elements.'));
    expect((await api.get(`stores/key=${draft.key}`)).status).toBe(404);
  });
});
