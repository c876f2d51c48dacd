/**
 * The one module that imports class-transformer, which is no longer maintained (docs/DECISIONS.md,
 * "class-transformer behind one module"): DTOs declare their nested classes with `Type`, validation builds
 * instances with `toInstance`. Replacing the library changes this file only; ESLint refuses it elsewhere.
 */
import { Type as nestedType, plainToInstance, type TypeMetadata } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';

/**
 * class-transformer's metadata storage, which its public API does not export: the `@Type`s of the DTOs are
 * read from it to walk nested DTOs (nested elements here, the OpenAPI schemas, the GraphQL inputs). Only this
 * module reaches into the package (`cjs/storage.js`, typed by `class-transformer-storage.d.ts`);
 * `dto-transform.internals.spec.ts` fails when an upgrade moves or changes it.
 */
export const classTransformerStorage = defaultMetadataStorage;

/** class-transformer's record of a `Type` decorator. */
export type { TypeMetadata };

/** The `@Type` of a DTO's property: its nested class (or discriminated union); none for a scalar. */
export function typeMetadataOf(cls: object, property: string): TypeMetadata | undefined {
  return defaultMetadataStorage.findTypeMetadata(cls as new () => object, property);
}

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

/** The `Opaque` properties of a DTO class, if it has any. */
export function opaquePropertiesOf(cls: object): readonly string[] | undefined {
  return opaqueProperties.get(cls);
}

/** Whether a JSON object anywhere in `value` has an own `constructor` key (walked without recursion). */
export function hasConstructorKey(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (Object.hasOwn(current, 'constructor')) return true;
    for (const child of Object.values(current)) stack.push(child);
  }
  return false;
}

/**
 * class-transformer takes the class of a nested value whose DTO declares no `Type` from the value's
 * `constructor`, so a JSON object's own `constructor` key (`{"constructor": 1}`) made it throw a TypeError (a
 * 500). The key is dropped first, as class-transformer drops it where a class is declared (the caller's
 * object stays as it was).
 */
function withoutConstructorKeys<T extends object>(plain: T): T {
  if (!hasConstructorKey(plain)) return plain;
  return JSON.parse(JSON.stringify(plain), (key, value: unknown) =>
    key === 'constructor' ? undefined : value,
  ) as T;
}

/**
 * The DTO instance of untrusted JSON, nested objects and arrays as instances of their declared classes. A
 * field of a DTO that is `null` is absent (the API's rule: an explicit `null` means "not set"), so an optional
 * field's `null` is never handed to the code that reads the draft or action, and a required one's is missing.
 * Values the DTOs do not model (a custom field's value, a localized string) are left as they came.
 */
export function toInstance<T extends object>(cls: ClassConstructor<T>, untrusted: object): T {
  const plain = withoutConstructorKeys(untrusted);
  const opaque = opaqueProperties.get(cls);
  if (!opaque)
    return withoutNullFields(
      withUntypedValues(
        plainToInstance(cls as new () => T, plain, { exposeDefaultValues: false }),
        untrusted,
      ),
    );
  const rest: Record<string, unknown> = { ...plain };
  const kept: Record<string, unknown> = {};
  for (const name of opaque) {
    if (!Object.hasOwn(rest, name) || rest[name] === null) continue;
    kept[name] = (untrusted as Record<string, unknown>)[name];
    delete rest[name];
  }
  return Object.assign(
    withoutNullFields(
      withUntypedValues(plainToInstance(cls as new () => T, rest, { exposeDefaultValues: false }), untrusted),
    ),
    kept,
  );
}

/**
 * class-transformer copies a value no DTO models (a custom field's value, a localized string) key by key into a
 * new object, skipping a key named like an `Object.prototype` member (`valueOf`, `toString`) and assigning
 * `__proto__` (which sets the copy's prototype): such fields were lost without a word. Each such value is put
 * back as it came (a copy, with every own key; the caller's object stays as it was).
 */
function withUntypedValues<T>(instance: T, untrusted: unknown): T {
  if (Array.isArray(instance)) {
    if (Array.isArray(untrusted))
      instance.forEach((element: unknown, i) => withUntypedValues(element, untrusted[i]));
    return instance;
  }
  if (!isDtoInstance(instance) || typeof untrusted !== 'object' || untrusted === null) return instance;
  const dto: Record<string, unknown> = instance;
  for (const [name, value] of Object.entries(dto)) {
    if (!Object.hasOwn(untrusted, name)) continue;
    const original: unknown = (untrusted as Record<string, unknown>)[name];
    if (typeMetadataOf(dto.constructor, name)) withUntypedValues(value, original);
    else if (typeof original === 'object' && original !== null)
      dto[name] = JSON.parse(JSON.stringify(original));
  }
  return instance;
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

/**
 * The classes a DTO's property declares with `Type` for its nested object or array elements: one class, or
 * each class of a discriminated union; none for a scalar property. For code that walks the DTOs (the
 * hostile-input run derives every field from them).
 */
export function nestedClassesOf(cls: ClassConstructor<object>, property: string): ClassConstructor<object>[] {
  const metadata = typeMetadataOf(cls, property);
  if (!metadata) return [];
  const subTypes = metadata.options.discriminator?.subTypes;
  if (subTypes?.length) return subTypes.map((subType) => subType.value as ClassConstructor<object>);
  return [metadata.typeFunction() as ClassConstructor<object>];
}

/** The class a nested value of a `Type`d property takes: the declared one, or its union member by discriminator. */
function classOfNested(cls: ClassConstructor<object>, property: string, value: object) {
  const metadata = typeMetadataOf(cls, property);
  if (!metadata) return undefined;
  const discriminator = metadata.options.discriminator;
  if (!discriminator) return metadata.typeFunction() as ClassConstructor<object>;
  const name = (value as Record<string, unknown>)[discriminator.property];
  return discriminator.subTypes.find((subType) => subType.name === name)?.value as
    ClassConstructor<object> | undefined;
}

/**
 * Where untrusted JSON puts something other than a JSON object in an element of an array that a DTO declares
 * as nested objects (`[[]]`, `[null]`, `[1]`): class-validator's `@ValidateNested` does not refuse such an
 * element, and class-transformer throws on a `null` whose union it must pick, so the element would reach the
 * code that reads the draft (a 500); likewise an array where one nested object is declared. Answers `path: message`
 * lines, as `validateDto` does, walking without recursion.
 */
export function nestedElementProblems(cls: ClassConstructor<object>, plain: object): string[] {
  const problems: string[] = [];
  const stack: Array<[ClassConstructor<object>, object, string]> = [[cls, plain, '']];
  while (stack.length > 0) {
    const [current, value, path] = stack.pop()!;
    for (const [property, field] of Object.entries(value)) {
      if (typeof field !== 'object' || field === null) continue;
      const metadata = typeMetadataOf(current, property);
      if (!metadata) continue;
      const fieldPath = `${path}${path ? '.' : ''}${property}`;
      // The declared type: Array, one class, or Object when TypeScript could not name it (`X[] | null`).
      const declared: unknown = metadata.reflectedType;
      const declaredOne = declared !== Array && declared !== Object && typeof declared === 'function';
      if (declaredOne && Array.isArray(field)) {
        // `@ValidateNested()` lets an array through where one object is declared (it validates the elements).
        problems.push(`${fieldPath}: ${property} must be an object`);
        continue;
      }
      if (declared === Array && !Array.isArray(field)) continue;
      const elements: Array<[unknown, string]> = Array.isArray(field)
        ? field.map((element, i): [unknown, string] => [element, `${fieldPath}[${i}]`])
        : [[field, fieldPath]];
      for (const [element, elementPath] of elements) {
        if (typeof element !== 'object' || element === null || Array.isArray(element)) {
          problems.push(`${elementPath}: each value must be a JSON object`);
          continue;
        }
        const nested = classOfNested(current, property, element);
        if (nested) stack.push([nested, element, elementPath]);
      }
    }
  }
  return problems;
}
