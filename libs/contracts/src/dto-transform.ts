/**
 * The one module that imports class-transformer, which is no longer maintained (docs/DECISIONS.md,
 * "class-transformer behind one module"): DTOs declare their nested classes with `Type`, validation builds
 * instances with `toInstance`. Replacing the library changes this file only; ESLint refuses it elsewhere.
 */
import { Type as nestedType, plainToInstance } from 'class-transformer';

/** A DTO class: what `toInstance` builds and class-validator validates. */
export type ClassConstructor<T> = new (...args: never[]) => T;

/** Declares the class of a nested object or array element (with a `discriminator` for unions). */
export const Type = nestedType;

/** The opaque properties of each DTO class (see `Opaque`). */
const opaqueProperties = new WeakMap<object, string[]>();

/**
 * A property that `toInstance` hands over as it arrived instead of copying it into plain objects: a value the
 * owner validates afterwards against DTOs of its own (an update request's actions, each against its action's
 * DTO). class-transformer would otherwise copy the whole untyped tree only for it to be dropped.
 */
export function Opaque(): PropertyDecorator {
  return (target, property) => {
    const names = opaqueProperties.get(target.constructor) ?? [];
    opaqueProperties.set(target.constructor, [...names, String(property)]);
  };
}

/**
 * The DTO instance of untrusted JSON, nested objects and arrays as instances of their declared classes. A
 * field of a DTO that is `null` is absent (the API's rule: an explicit `null` means "not set"), so an optional
 * field's `null` is never handed to the code that reads the draft or action, and a required one's is missing.
 * Values the DTOs do not model (a custom field's value, a localized string) are left as they came.
 */
export function toInstance<T extends object>(cls: ClassConstructor<T>, plain: object): T {
  const opaque = opaqueProperties.get(cls);
  if (!opaque)
    return withoutNullFields(plainToInstance(cls as new () => T, plain, { exposeDefaultValues: false }));
  const rest: Record<string, unknown> = { ...plain };
  const kept: Record<string, unknown> = {};
  for (const name of opaque) {
    if (!Object.hasOwn(rest, name) || rest[name] === null) continue;
    kept[name] = rest[name];
    delete rest[name];
  }
  return Object.assign(
    withoutNullFields(plainToInstance(cls as new () => T, rest, { exposeDefaultValues: false })),
    kept,
  );
}

/** An instance of a DTO class, as `plainToInstance` builds for the root and every `Type`d field. */
function isDtoInstance(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype !== null && prototype !== Object.prototype;
}

/** Deletes the `null` fields of a DTO instance and of the DTO instances in it (without recursion). */
function withoutNullFields<T>(root: T): T {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
      continue;
    }
    if (!isDtoInstance(value)) continue;
    for (const [field, fieldValue] of Object.entries(value)) {
      if (fieldValue === null) delete value[field];
      else if (typeof fieldValue === 'object') stack.push(fieldValue);
    }
  }
  return root;
}
