import { ApiError } from '@commerce/errors';
import { bodyKindOf, hasBody } from './media-types.js';

const STORES = '/:projectKey/stores';
const TOKEN = '/oauth/token';
const IMAGES = '/:projectKey/products/:idOrKey/images';
const SEARCH = '/:projectKey/product-projections/search';

describe(bodyKindOf.name, () => {
  it.each([
    [STORES, 'application/json', 'application/json'],
    [STORES, 'application/json; charset=utf-8', 'application/json'],
    [STORES, 'Application/JSON;charset=UTF-8', 'application/json'],
    [TOKEN, 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    [TOKEN, 'application/x-www-form-urlencoded; charset=utf-8', 'application/x-www-form-urlencoded'],
    [TOKEN, 'application/json', 'application/json'],
    [SEARCH, 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    [IMAGES, 'image/png', 'image/jpeg, image/png, image/gif or application/octet-stream'],
    [IMAGES, 'application/octet-stream', 'image/jpeg, image/png, image/gif or application/octet-stream'],
    [IMAGES, 'application/json', 'application/json'],
  ])('lets %s take %s', (route, contentType, kind) => {
    expect(bodyKindOf(route, contentType)).toMatchObject({ name: kind });
  });

  it.each([
    [STORES, undefined, 'no Content-Type', 'application/json'],
    [
      STORES,
      'application/x-www-form-urlencoded',
      'Content-Type application/x-www-form-urlencoded',
      'application/json',
    ],
    [STORES, 'text/plain', 'Content-Type text/plain', 'application/json'],
    [STORES, 'image/png', 'Content-Type image/png', 'application/json'],
    [STORES, 'application/jsonx', 'Content-Type application/jsonx', 'application/json'],
    [
      TOKEN,
      'multipart/form-data',
      'Content-Type multipart/form-data',
      'application/json or application/x-www-form-urlencoded',
    ],
  ])('refuses on %s the body with %s: 415', (route, contentType, sent, accepted) => {
    const refusal = bodyKindOf(route, contentType) as ApiError;
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal.status).toBe(415);
    expect(refusal.toBody().errors).toEqual([
      {
        code: 'UnsupportedMediaType',
        message: `Unsupported Media Type: the request body has ${sent}; send ${accepted}.`,
      },
    ]);
  });
});

describe(hasBody.name, () => {
  it.each([
    [{}, false],
    [{ 'content-length': '0' }, false],
    [{ 'content-length': '2' }, true],
    [{ 'transfer-encoding': 'chunked' }, true],
  ])('%j has a body: %s', (headers, expected) => {
    expect(hasBody(headers)).toBe(expected);
  });
});
