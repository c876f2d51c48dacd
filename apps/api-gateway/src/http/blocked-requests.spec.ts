import { blockedRequest, clientErrorOf, frameworkErrorOf } from './blocked-requests.js';

const line = (method: string, headers: Record<string, string> = {}, httpVersionMajor = 1) => ({
  method,
  headers,
  httpVersionMajor,
});

describe(blockedRequest.name, () => {
  it.each([
    ['a GET without a body', line('GET')],
    ['the SDK: JSON content type and an empty body', line('GET', { 'content-type': 'application/json' })],
    ['a DELETE with Content-Length 0', line('DELETE', { 'content-length': '0' })],
    ['a POST with a body', line('POST', { 'content-length': '10' })],
  ])('lets %s through', (_name, request) => {
    expect(blockedRequest(request)).toBeUndefined();
  });

  it.each([
    ['a GET with a body', line('GET', { 'content-length': '2' }), 400, 'InvalidInput'],
    ['a HEAD with a chunked body', line('HEAD', { 'transfer-encoding': 'chunked' }), 400, 'InvalidInput'],
    ['a DELETE with a body', line('DELETE', { 'content-length': '5' }), 400, 'InvalidInput'],
    ['a DELETE with a bad length', line('DELETE', { 'content-length': 'x' }), 400, 'InvalidInput'],
    ['an Upgrade header', line('POST', { upgrade: 'websocket' }), 400, 'InvalidInput'],
    ['HTTP/2.0 as text', line('GET', {}, 2), 505, 'HttpVersionNotSupported'],
    ['HTTP/0.9', line('GET', {}, 0), 505, 'HttpVersionNotSupported'],
  ])('blocks %s', (_name, request, status, code) => {
    expect(blockedRequest(request)).toMatchObject({ status, code });
  });
});

describe(clientErrorOf.name, () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'RequestHeaderFieldsTooLarge'],
    ['HPE_INVALID_VERSION', 505, 'HttpVersionNotSupported'],
    ['HPE_INVALID_METHOD', 400, 'InvalidInput'],
  ])('answers %s with %i %s', (code, status, apiCode) => {
    expect(clientErrorOf(Object.assign(new Error('x'), { code }))).toMatchObject({ status, code: apiCode });
  });
});

describe(frameworkErrorOf.name, () => {
  it.each([
    ['FST_ERR_BAD_URL', /percent-encoded UTF-8/],
    ['FST_ERR_MAX_PARAM_LENGTH', /longer than 1024 characters/],
    ['FST_ERR_ASYNC_CONSTRAINT', /cannot be routed/],
  ])('answers %s with 400 InvalidInput', (code, message) => {
    const error = frameworkErrorOf(Object.assign(new Error('x'), { code }));
    expect(error).toMatchObject({ status: 400, code: 'InvalidInput' });
    expect(error.message).toMatch(message);
  });
});
