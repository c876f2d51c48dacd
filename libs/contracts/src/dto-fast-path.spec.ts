import { jest } from '@jest/globals';
import fc from 'fast-check';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  ValidateIf,
  ValidateNested,
  ValidatorConstraint,
  Validate,
  getMetadataStorage,
  registerDecorator,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { isDeepStrictEqual } from 'node:util';
import * as contracts from './index.js';
import { CheckoutLineItemsRequestDto } from './carts/cart-draft.dto.js';
import { REMEMBERED_FIELD_NAMES, fastValidInstance } from './dto-fast-path.js';
import { Opaque, Type, classTransformerStorage, toInstance, type ClassConstructor } from './dto-transform.js';
import { StoreDraftDto } from './stores/store.dto.js';
import { validateSync } from 'class-validator';

/**
 * The fast path against the libraries it mirrors (class-transformer, then class-validator with `whitelist`):
 * whenever it accepts, they accept and build the same instance; it never changes its input. Runs over every
 * DTO class the contracts export, so an upgrade of either library that changes what they do fails here (and
 * every e2e request checks it again: COMMERCE_DTO_SHADOW).
 */
function libraries<T extends object>(cls: ClassConstructor<T>, plain: object): T | undefined {
  const instance = toInstance(cls, plain);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidUnknownValues: false,
    validationError: { target: false },
  });
  return errors.length === 0 ? instance : undefined;
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** `fastValidInstance` on a copy, and whether it agrees with the libraries on another copy. */
function compare(cls: ClassConstructor<object>, plain: object): 'fast' | 'libraries' {
  const input = copy(plain);
  const fast = fastValidInstance(cls, input);
  expect(input).toEqual(plain);
  if (!fast) return 'libraries';
  const reference = libraries(cls, copy(plain));
  if (!reference || !isDeepStrictEqual(fast, reference)) {
    throw new Error(
      `${cls.name} ${JSON.stringify(plain)}: fast ${JSON.stringify(fast)} libraries ${JSON.stringify(reference)}`,
    );
  }
  return 'fast';
}

class Money {
  @IsString() currencyCode!: string;
  @IsInt() centAmount!: number;
}
// class-transformer deletes a union's discriminator unless it is kept (this union does not keep it).
class SetName {
  @IsOptional() @IsString() name?: string;
}
class SetPrice {
  @ValidateNested() @Type(() => Money) price!: Money;
  @IsOptional() @IsIn(['EUR']) currency?: string;
}
class Update {
  @IsInt() version!: number;
  @ValidateNested({ each: true })
  @Type(() => Object, {
    discriminator: {
      property: 'action',
      subTypes: [
        { value: SetName, name: 'setName' },
        { value: SetPrice, name: 'setPrice' },
      ],
    },
  })
  actions!: Array<SetName | SetPrice>;
  @IsOptional() @IsString() note?: string;
  @Opaque() @IsOptional() raw?: unknown;
  quantity = 1;
}

describe(fastValidInstance.name, () => {
  it('builds what the libraries build for a valid request, nested classes, unions and opaque fields included', () => {
    const request = {
      version: 3,
      actions: [
        { action: 'setName', name: 'x' },
        { action: 'setPrice', price: { currencyCode: 'EUR', centAmount: 5 } },
      ],
      note: null,
      raw: { any: ['thing'] },
      extra: 'dropped',
    };
    expect(compare(Update, request)).toBe('fast');
    const built = fastValidInstance(Update, copy(request))!;
    expect(built).toBeInstanceOf(Update);
    expect(built.actions[1]).toBeInstanceOf(SetPrice);
    // The union's discriminator is not kept (class-transformer's default); `null` fields are absent.
    expect(built.actions[0]).toEqual(Object.assign(new SetName(), { name: 'x' }));
    expect('note' in built).toBe(false);
    expect('extra' in built).toBe(false);
    expect(built.raw).toEqual({ any: ['thing'] });
  });

  it("applies a rule's own validateIf and the ValidateIf decorator as the libraries do", () => {
    class Conditional {
      @IsOptional() @IsString() kind?: string;
      @IsInt({ validateIf: (object: Conditional) => object.kind === 'count' }) amount?: unknown;
      @ValidateIf((object: Conditional) => object.kind !== 'none') @IsString() label?: unknown;
    }
    expect(compare(Conditional, { kind: 'count', amount: 2, label: 'a' })).toBe('fast');
    expect(compare(Conditional, { kind: 'text', amount: 'two', label: 'a' })).toBe('fast');
    expect(compare(Conditional, { kind: 'count', amount: 'two', label: 'a' })).toBe('libraries');
    expect(compare(Conditional, { kind: 'none', label: 3 })).toBe('fast');
    expect(compare(Conditional, { kind: 'text', label: 3 })).toBe('libraries');
  });

  it('leaves invalid and unusual input to the libraries', () => {
    expect(fastValidInstance(Update, { version: 'x', actions: [] })).toBeUndefined();
    expect(
      fastValidInstance(Update, {
        version: 1,
        actions: [{ action: 'setPrice', price: { currencyCode: 1 } }],
      }),
    ).toBeUndefined();
    expect(fastValidInstance(Update, { version: 1, actions: [], raw: { constructor: 1 } })).toBeUndefined();
    // Not parsed JSON (a draft's actions are instances already): class-transformer keeps other classes' instances.
    expect(
      fastValidInstance(Update, { version: 1, actions: [Object.assign(new SetName(), { name: 'x' })] }),
    ).toBeUndefined();
    expect(
      fastValidInstance(Update, Object.assign(new Update(), { version: 1, actions: [] })),
    ).toBeUndefined();
  });

  it('takes the fast path for the requests of a cart change and a Store draft', () => {
    expect(
      compare(CheckoutLineItemsRequestDto, {
        items: [{ productId: 'p', variantId: 1 }, { sku: 's' }],
        includeUnpublished: false,
      }),
    ).toBe('fast');
    expect(
      compare(StoreDraftDto, {
        key: 'store-1',
        name: { en: 'Store', de: 'Laden' },
        languages: ['en'],
        distributionChannels: [{ typeId: 'channel', key: 'c' }],
      }),
    ).toBe('fast');
  });

  it('applies a rule added after the class was first validated (its compiled rules are not kept stale)', () => {
    class Inner {
      @IsString() code!: string;
    }
    class Outer {
      @IsString() name!: string;
      @ValidateNested() @Type(() => Inner) inner!: Inner;
    }
    const request = { name: 'a', inner: { code: 'abc' } };
    expect(compare(Outer, request)).toBe('fast');
    registerDecorator({
      target: Outer,
      propertyName: 'name',
      validator: { validate: (value: unknown) => value === 'ok' },
    });
    expect(fastValidInstance(Outer, copy(request))).toBeUndefined();
    expect(compare(Outer, { ...request, name: 'ok' })).toBe('fast');
    // A nested class's rule too, and a property that had none (its field was dropped, now it is checked).
    registerDecorator({
      target: Inner,
      propertyName: 'code',
      validator: { validate: (value: unknown) => value === 'ok' },
    });
    expect(fastValidInstance(Outer, { name: 'ok', inner: { code: 'abc' } })).toBeUndefined();
    expect(compare(Outer, { name: 'ok', inner: { code: 'ok' }, size: 3 })).toBe('fast');
    registerDecorator({
      target: Outer,
      propertyName: 'size',
      validator: { validate: (value: unknown) => value === 3 },
    });
    expect(fastValidInstance(Outer, { name: 'ok', inner: { code: 'ok' }, size: 4 })).toBeUndefined();
    expect(fastValidInstance(Outer, { name: 'ok', inner: { code: 'ok' }, size: 3 })).toMatchObject({
      size: 3,
    });
  });

  it("asks a constraint class's one instance, as class-validator's default container gives it", () => {
    const seen = new Set<unknown>();
    @ValidatorConstraint({ name: 'isEven' })
    class IsEven implements ValidatorConstraintInterface {
      validate(value: unknown): boolean {
        seen.add(this);
        return typeof value === 'number' && value % 2 === 0;
      }
    }
    class Counted {
      @Validate(IsEven) count!: number;
      @Validate(IsEven, { each: true }) counts!: number[];
    }
    expect(compare(Counted, { count: 2, counts: [4, 6] })).toBe('fast');
    expect(compare(Counted, { count: 3, counts: [4] })).toBe('libraries');
    expect(compare(Counted, { count: 2, counts: [4, 5] })).toBe('libraries');
    const [instance] = storage.getTargetValidatorConstraints(IsEven);
    expect([...seen]).toEqual([instance.instance]);
  });

  it('drops the fields without rules and the null fields as the libraries do, whatever the constructor set', () => {
    class Defaults {
      @IsOptional() @IsString() name?: string = 'default';
      note = 'kept by no rule';
      count = 1;
      @IsOptional() @IsInt() size?: number;
    }
    for (const request of [
      { name: null, note: 'x', count: null, extra: 1, size: 2 },
      { name: 'n', note: null, extra: null },
      { note: 'x', count: 7, other: true },
      {},
    ]) {
      expect(compare(Defaults, request)).toBe('fast');
      const built = fastValidInstance(Defaults, copy(request))!;
      expect(Object.keys(built).sort()).toEqual(Object.keys(libraries(Defaults, copy(request))!).sort());
    }
  });

  it("remembers a bounded number of a class's field names, as requests name them", () => {
    class Small {
      @IsString() name!: string;
    }
    const lookups = jest.spyOn(classTransformerStorage, 'findTransformMetadatas');
    try {
      const count = REMEMBERED_FIELD_NAMES + 100;
      const request: Record<string, unknown> = { name: 'a' };
      for (let i = 0; i < count; i++) request[`k${i}`] = i;
      expect(compare(Small, request)).toBe('fast');
      lookups.mockClear();
      expect(fastValidInstance(Small, copy(request))).toEqual(Object.assign(new Small(), { name: 'a' }));
      // The names past the bound are looked up again; the first ones (`name` among them) are remembered.
      const looked = lookups.mock.calls.map(([, key]) => key);
      expect(looked).not.toContain('name');
      expect(looked.length).toBeGreaterThanOrEqual(100);
      expect(looked.length).toBeLessThanOrEqual(101);
    } finally {
      lookups.mockRestore();
    }
  });

  const storage = getMetadataStorage();
  const dtoClasses = Object.values(contracts).filter(
    (value): value is ClassConstructor<object> =>
      typeof value === 'function' && storage.getTargetValidationMetadatas(value, '', false, false).length > 0,
  );

  it('finds the exported DTO classes', () => {
    expect(dtoClasses.length).toBeGreaterThan(50);
  });

  /** Values that pass common rules (keys, ids, money, references, localized strings) and some that do not. */
  const leaf = fc.oneof(
    fc.constantFrom(
      'key-1',
      'en',
      'EUR',
      'DE',
      'Active',
      'centPrecision',
      '2026-01-01T00:00:00.000Z',
      '',
      'x',
    ),
    fc.constantFrom(0, 1, 7, -1, 0.5, true, false, null),
  );
  const json = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(
        fc.constantFrom(
          'en',
          'de',
          'typeId',
          'id',
          'key',
          'centAmount',
          'currencyCode',
          'type',
          'action',
          'constructor',
          '__proto__',
          'valueOf',
          'toString',
        ),
        tie('value'),
        { maxKeys: 4 },
      ),
    ),
  })).value;

  it('agrees with the libraries on random input for every exported DTO class', () => {
    let accepted = 0;
    for (const cls of dtoClasses) {
      const names = Object.keys(
        storage.groupByPropertyName(storage.getTargetValidationMetadatas(cls, '', false, false)),
      );
      const input = fc.dictionary(fc.constantFrom(...names, 'unknown'), json, { maxKeys: names.length + 1 });
      fc.assert(
        fc.property(input, (plain) => {
          if (compare(cls, plain) === 'fast') accepted++;
        }),
        { numRuns: 40, seed: 42 },
      );
    }
    // Not a vacuous run: many random requests pass and are compared.
    expect(accepted).toBeGreaterThan(100);
  });
});
