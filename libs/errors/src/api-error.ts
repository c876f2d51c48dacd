import { ERROR_STATUS, OAUTH_CODES, type ErrorCode } from './codes.js';

/** One entry of `errors[]`: a code, a message and the code's extra fields. */
export interface ErrorObject {
  code: ErrorCode;
  message: string;
  [extra: string]: unknown;
}

/** The API's error body (reference facts 1.1 and 1.2). */
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors: ErrorObject[];
  error?: string;
  error_description?: string;
}

/** Extra response headers an error asks for, e.g. `WWW-Authenticate` on 401. */
export type ErrorHeaders = Record<string, string>;

/** The form an error takes on the wire between services: plain data, re-raised unchanged at the gateway. */
export interface WireError {
  __apiError: true;
  body: ErrorBody;
  headers?: ErrorHeaders;
}

/**
 * An error with a code, raised anywhere in the platform and answered as the API's error body.
 * Several errors may travel together when they share one HTTP status.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly headers: ErrorHeaders;
  /** A top-level `error` label some bodies carry (the Import API's `"Bad Request"`). */
  label?: string;

  constructor(errors: ErrorObject | ErrorObject[], headers: ErrorHeaders = {}) {
    const list = Array.isArray(errors) ? errors : [errors];
    if (list.length === 0) throw new TypeError('ApiError needs at least one error object');
    super(list[0].message);
    this.name = 'ApiError';
    // An API Extension's own codes pass through: a code the table lacks (`constructor` too) is a 400.
    this.status = Object.hasOwn(ERROR_STATUS, list[0].code) ? ERROR_STATUS[list[0].code] : 400;
    this.errors = list;
    this.headers = headers;
  }

  get code(): ErrorCode {
    return this.errors[0].code;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.status, message: this.message, errors: this.errors };
    if (this.label !== undefined) body.error = this.label;
    if (OAUTH_CODES.has(this.code)) {
      body.error = this.code;
      body.error_description = this.message;
    }
    return body;
  }

  toWire(): WireError {
    return { __apiError: true, body: this.toBody(), headers: this.headers };
  }

  static isWire(value: unknown): value is WireError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { __apiError?: unknown }).__apiError === true &&
      typeof (value as { body?: unknown }).body === 'object'
    );
  }

  /** Re-raises an error that crossed the wire, keeping its status, codes, fields and headers. */
  /**
   * The errors an API Extension answered with (status 400), passed through to the client with their own codes,
   * which need not be the platform's.
   */
  static passedThrough(errors: Array<{ code: string; message: string; [extra: string]: unknown }>): ApiError {
    return new ApiError(errors as ErrorObject[]);
  }

  static fromWire(wire: WireError): ApiError {
    const errors = Array.isArray(wire.body.errors) ? wire.body.errors : [];
    const passedThrough = wire.body.statusCode === 400 && typeof errors[0]?.code === 'string';
    if (errors.length === 0 || !(Object.hasOwn(ERROR_STATUS, errors[0].code) || passedThrough)) {
      return new ApiError({ code: 'General', message: 'A service answered with an unreadable error.' });
    }
    const error = new ApiError(errors, wire.headers ?? {});
    error.message = wire.body.message;
    if (typeof wire.body.error === 'string' && !OAUTH_CODES.has(error.code)) error.label = wire.body.error;
    return error;
  }
}
