import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

export const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A LocalizedString: an object whose every value is a string. */
export function IsLocalizedString(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isLocalizedString',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'JSON object with string values expected.', ...options },
      validator: {
        validate: (value: unknown) =>
          isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string'),
      },
    });
}

/** A plain JSON object (custom field containers). */
export function IsJsonObject(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isJsonObject',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'JSON object expected.', ...options },
      validator: { validate: (value: unknown) => isPlainObject(value) },
    });
}

/** A ResourceIdentifier must carry exactly one of `id` and `key`. */
export function HasIdOrKey(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'hasIdOrKey',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'exactly one of id or key is required.', ...options },
      validator: {
        validate: (_value: unknown, args: ValidationArguments) => {
          const object = args.object as { id?: unknown; key?: unknown };
          return (object.id === undefined) !== (object.key === undefined);
        },
      },
    });
}

/** A discount's `sortOrder`: a decimal strictly between 0 and 1 written as a string (`"0.5"`), no trailing zero. */
export const SORT_ORDER_PATTERN = /^0\.[0-9]*[1-9]$/;
export const SORT_ORDER_MESSAGE =
  'sortOrder must be a decimal between 0 and 1 (exclusive), such as "0.5", without trailing zeros.';
