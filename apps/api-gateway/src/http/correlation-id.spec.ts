import { ApiError } from '@commerce/errors';
import { correlationIdOf, externalUserIdError } from './correlation-id.js';

describe(correlationIdOf.name, () => {
  it.each(['abcdefgh', 'A_b-0123456789', 'x'.repeat(256)])('keeps the valid id %j', (id) => {
    expect(correlationIdOf(id)).toBe(id);
  });

  it('generates one when none is sent', () => {
    expect(correlationIdOf(undefined)).toMatch(/^gw-[0-9a-f-]{36}$/);
  });

  it.each([
    'short',
    'x'.repeat(257),
    'has space here',
    'dots.are.bad',
    'ümlauts-x',
    '',
    ['abcdefgh', 'ijklmnop'],
  ])('refuses %j with 400 InvalidInput', (id) => {
    expect(correlationIdOf(id)).toBeInstanceOf(ApiError);
    expect(correlationIdOf(id)).toMatchObject({ status: 400, code: 'InvalidInput' });
  });
});

describe(externalUserIdError.name, () => {
  it.each([undefined, 'user-42', 'a', 'crm:7f3a/9', 'x'.repeat(128)])('accepts %j', (id) => {
    expect(externalUserIdError(id)).toBeUndefined();
  });

  it.each(['jane@example.com', 'jane @example', 'has space', '', 'x'.repeat(129), ['a', 'b']])(
    'refuses %j',
    (id) => {
      expect(externalUserIdError(id)).toMatchObject({ status: 400, code: 'InvalidInput' });
    },
  );
});
