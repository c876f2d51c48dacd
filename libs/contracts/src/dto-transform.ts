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

/** The DTO instance of untrusted JSON, nested objects and arrays as instances of their declared classes. */
export function toInstance<T extends object>(cls: ClassConstructor<T>, plain: object): T {
  return plainToInstance(cls as new () => T, plain, { exposeDefaultValues: false });
}
