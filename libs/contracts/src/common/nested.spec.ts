import 'reflect-metadata';
import {
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
  getMetadataStorage,
} from 'class-validator';
import { Type, typeMetadataOf } from '../dto-transform.js';
import { validateDto } from '../validate.js';
import { Nested, NestedArray, OptionalNested, OptionalNestedArray } from './nested.js';

class Part {
  @IsString()
  label!: string;
}

class Written {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => Part) one!: Part;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => Part) maybe?: Part;
  @IsArray() @ValidateNested({ each: true }) @Type(() => Part) many!: Part[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Part) some?: Part[];
}

class Declared {
  @Nested(() => Part) one!: Part;
  @OptionalNested(() => Part) maybe?: Part;
  @NestedArray(() => Part) many!: Part[];
  @OptionalNestedArray(() => Part) some?: Part[];
}

/** A class's validation rules in their registration order (a condition by its source), without the class. */
const rules = (target: new () => object) =>
  getMetadataStorage()
    .getTargetValidationMetadatas(target, '', false, false)
    .map(({ type, name, propertyName, each, constraints }) => ({
      type,
      name,
      propertyName,
      each,
      constraints: (constraints as unknown[] | undefined)?.map((c) =>
        typeof c === 'function' ? String(c) : c,
      ),
    }));

describe('nested DTO properties', () => {
  it('register the rules and nested classes the written decorators did, in the same order', () => {
    expect(rules(Declared)).toEqual(rules(Written));
    for (const property of ['one', 'maybe', 'many', 'some'])
      expect(typeMetadataOf(Declared, property)?.typeFunction()).toBe(Part);
  });

  it('validate alike', () => {
    for (const value of [
      {},
      { one: { label: 'a' }, many: [] },
      { one: 'x', maybe: { label: 1 }, many: [{}], some: {} },
      { one: { label: 'a' }, maybe: null, many: [{ label: 'b' }], some: [{ label: 2 }] },
    ]) {
      expect(validateDto(Declared, value)).toEqual(validateDto(Written, value));
    }
    expect(validateDto(Declared, { one: { label: 'a' }, many: [] }).ok).toBe(true);
  });
});
