import { ApiError } from './api-error.js';
import { ERROR_STATUS } from './codes.js';
import { Errors } from './factories.js';
import {
  concurrentWriteFromDriverError,
  duplicateFieldFromDriverError,
  unstorableTextFromDriverError,
} from './unique-violation.js';

describe(ApiError.name, () => {
  it('answers the API body with the status of its code and the extra fields', () => {
    const body = Errors.concurrentModification('abc', 1, 3).toBody();
    expect(body).toEqual({
      statusCode: 409,
      message: 'Object abc has a different version than expected. Expected: 1 - Actual: 3.',
      errors: [{ code: 'ConcurrentModification', message: body.message, currentVersion: 3 }],
    });
  });

  it('adds error and error_description to OAuth errors', () => {
    const body = Errors.invalidScope().toBody();
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'invalid_scope',
      error_description: 'Malformed parameter: scope: Invalid scope.',
      errors: [{ code: 'invalid_scope' }],
    });
  });

  it('asks for WWW-Authenticate on invalid_client and invalid_token', () => {
    expect(Errors.invalidClient().headers['WWW-Authenticate']).toMatch(/^Basic/);
    expect(Errors.invalidToken().headers['WWW-Authenticate']).toMatch(/^Bearer/);
    expect(Errors.invalidClient().status).toBe(401);
  });

  it('survives the wire unchanged', () => {
    const original = Errors.duplicateField('key', 'k1');
    const copy = ApiError.fromWire(JSON.parse(JSON.stringify(original.toWire())));
    expect(copy.toBody()).toEqual(original.toBody());
    expect(copy.status).toBe(400);
  });

  it('refuses to re-raise an unknown code from the wire as anything but General', () => {
    const copy = ApiError.fromWire({
      __apiError: true,
      body: { statusCode: 418, message: 'x', errors: [{ code: 'Teapot' as never, message: 'x' }] },
    });
    expect(copy.code).toBe('General');
    expect(copy.status).toBe(500);
  });

  it("answers an extension's code that names an Object.prototype member with 400, not the member", () => {
    for (const code of ['constructor', 'valueOf', 'toString', 'hasOwnProperty', '__proto__']) {
      const errors = [{ code, message: 'x' }];
      expect(ApiError.passedThrough(errors).status).toBe(400);
      const copy = ApiError.fromWire({
        __apiError: true,
        body: { statusCode: 500, message: 'x', errors },
      } as never);
      expect(copy.code).toBe('General');
    }
  });

  it('recognises only wire errors', () => {
    expect(ApiError.isWire(Errors.general('x').toWire())).toBe(true);
    expect(ApiError.isWire({ message: 'boom' })).toBe(false);
    expect(ApiError.isWire(null)).toBe(false);
  });

  it('maps every code to a 4xx or 5xx status', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status >= 400 && status < 600).toBe(true);
  });
});

describe(duplicateFieldFromDriverError.name, () => {
  it('reads the field from the unique index name', () => {
    const error = duplicateFieldFromDriverError(
      { driverError: { code: '23505', constraint: 'stores_key_uq' } },
      { key: 'berlin' },
    );
    expect(error?.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'key',
      duplicateValue: 'berlin',
    });
  });

  it('ignores other database errors', () => {
    expect(duplicateFieldFromDriverError({ driverError: { code: '23503' } }, {})).toBeUndefined();
  });
});

describe(unstorableTextFromDriverError.name, () => {
  it.each(['22021', '22P05'])('makes SQLSTATE %s (a NUL character) the client’s InvalidInput', (code) => {
    const error = unstorableTextFromDriverError({ driverError: { code } });
    expect(error?.status).toBe(400);
    expect(error?.errors[0]).toMatchObject({ code: 'InvalidInput', message: expect.stringContaining('NUL') });
    expect(unstorableTextFromDriverError({ code })?.status).toBe(400);
  });

  it('ignores other database errors', () => {
    expect(unstorableTextFromDriverError({ driverError: { code: '23505' } })).toBeUndefined();
    expect(unstorableTextFromDriverError(new Error('x'))).toBeUndefined();
  });
});

describe(concurrentWriteFromDriverError.name, () => {
  it.each(['40P01', '40001'])(
    'makes SQLSTATE %s (a colliding transaction) a 409 ConcurrentModification',
    (code) => {
      const error = concurrentWriteFromDriverError({ driverError: { code } });
      expect(error?.status).toBe(409);
      expect(error?.errors[0]).toMatchObject({ code: 'ConcurrentModification' });
      expect(concurrentWriteFromDriverError({ code })?.status).toBe(409);
    },
  );

  it('ignores other database errors', () => {
    expect(concurrentWriteFromDriverError({ driverError: { code: '23505' } })).toBeUndefined();
    expect(concurrentWriteFromDriverError(new Error('x'))).toBeUndefined();
  });
});
