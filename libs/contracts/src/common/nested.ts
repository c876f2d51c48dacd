import { IsArray, IsDefined, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { Type } from '../dto-transform.js';

/**
 * The nested-DTO property, declared once: what `@IsDefined() @IsObject() @ValidateNested() @Type(() => X)`
 * said at every nested object of the contracts. Each applies the same decorators in the same order as those
 * lines did (the last one first), so validation, its messages, the OpenAPI schemas and the GraphQL inputs
 * read the same metadata.
 */
type NestedClass = Parameters<typeof Type>[0];

/** The decorators as if written one above the other: applied from the last to the first. */
export function all(...decorators: PropertyDecorator[]): PropertyDecorator {
  const inOrder = [...decorators].reverse();
  return (target, property) => {
    for (const decorator of inOrder) decorator(target, property);
  };
}

/** A required nested object of class `of()`. */
export const Nested = (of: NestedClass): PropertyDecorator =>
  all(IsDefined(), IsObject(), ValidateNested(), Type(of));

/** An optional nested object of class `of()`. */
export const OptionalNested = (of: NestedClass): PropertyDecorator =>
  all(IsOptional(), IsObject(), ValidateNested(), Type(of));

/** An array of nested objects of class `of()`. */
export const NestedArray = (of: NestedClass): PropertyDecorator =>
  all(IsArray(), ValidateNested({ each: true }), Type(of));

/** An optional array of nested objects of class `of()`. */
export const OptionalNestedArray = (of: NestedClass): PropertyDecorator =>
  all(IsOptional(), IsArray(), ValidateNested({ each: true }), Type(of));
