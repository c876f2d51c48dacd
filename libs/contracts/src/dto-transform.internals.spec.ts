import 'reflect-metadata';
import { Type, classTransformerStorage, toInstance, typeMetadataOf } from './dto-transform.js';

class Money {
  centAmount!: number;
}
class Fixed {
  type!: 'fixed';
}
class Relative {
  type!: 'relative';
}
class Draft {
  @Type(() => Money)
  price!: Money;

  @Type(() => Money)
  prices!: Money[];

  @Type(() => Object, {
    discriminator: {
      property: 'type',
      subTypes: [
        { name: 'fixed', value: Fixed },
        { name: 'relative', value: Relative },
      ],
    },
    keepDiscriminatorProperty: true,
  })
  value!: Fixed | Relative;

  name!: string;
}

/**
 * class-transformer's private metadata storage, read through this one module. An upgrade that moves
 * `cjs/storage.js` fails the import; one that changes what the storage holds fails these expectations.
 */
describe('the class-transformer internals the DTO walkers rely on', () => {
  it('answers the @Type of a property: its class, the declared type, and the discriminated union', () => {
    expect(typeMetadataOf(Draft, 'price')?.typeFunction()).toBe(Money);
    expect(typeMetadataOf(Draft, 'price')?.reflectedType).toBe(Money);
    expect(typeMetadataOf(Draft, 'prices')?.reflectedType).toBe(Array);
    const union = typeMetadataOf(Draft, 'value')?.options.discriminator;
    expect(union?.property).toBe('type');
    expect(union?.subTypes.map((subType) => subType.value)).toEqual([Fixed, Relative]);
    expect(typeMetadataOf(Draft, 'name')).toBeUndefined();
  });

  it('is the storage class-transformer itself transforms with', () => {
    expect(classTransformerStorage.findTypeMetadata(Draft, 'price')).toBe(typeMetadataOf(Draft, 'price'));
    const draft = toInstance(Draft, { price: { centAmount: 1 }, value: { type: 'relative' } });
    expect(draft.price).toBeInstanceOf(Money);
    expect(draft.value).toBeInstanceOf(Relative);
  });
});
