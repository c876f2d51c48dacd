import {
  IsInt,
  IsString,
  ValidatorConstraint,
  getMetadataStorage,
  registerDecorator,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { validateDto } from '../validate.js';
import { validationRulesVersion } from './class-validator.js';

class Named {
  @IsString()
  name!: string;
}

const storage = () => getMetadataStorage();

describe('validation rules, remembered', () => {
  it('looks a class up once and answers the same rules again', () => {
    expect(validateDto(Named, { name: 'a' }).ok).toBe(true);
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Named, '', false, false);
    expect(storage.getTargetValidationMetadatas(Named, '', false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(validateDto(Named, { name: 1 })).toEqual({ ok: false, problems: ['name: name must be a string'] });
  });

  it('forgets them when a rule is added later, so the new rule applies', () => {
    class Later {
      @IsString()
      code!: string;
    }
    expect(validateDto(Later, { code: 'abc' }).ok).toBe(true);
    registerDecorator({
      target: Later,
      propertyName: 'code',
      validator: { validate: (value: unknown) => value === 'ok', defaultMessage: () => 'code must be ok' },
    });
    expect(validateDto(Later, { code: 'abc' })).toEqual({ ok: false, problems: ['code: code must be ok'] });
    expect(validateDto(Later, { code: 'ok' }).ok).toBe(true);
  });

  it('keeps finding inherited rules', () => {
    class Counted extends Named {
      @IsInt()
      count!: number;
    }
    expect(validateDto(Counted, { name: 2, count: 'x' })).toEqual({
      ok: false,
      problems: ['count: count must be an integer number', 'name: name must be a string'],
    });
    expect(validateDto(Named, { name: 'b', count: 3 })).toEqual({ ok: true, value: { name: 'b' } });
  });

  it("counts every rule and constraint class-validator's decorators add (what the fast path's rules are kept by)", () => {
    const first = validationRulesVersion();
    @ValidatorConstraint({ name: 'always' })
    class Always implements ValidatorConstraintInterface {
      validate(): boolean {
        return true;
      }
    }
    const second = validationRulesVersion();
    expect(second).toBeGreaterThan(first);
    class Declared {
      @IsString() name!: string;
    }
    expect(validationRulesVersion()).toBeGreaterThan(second);
    expect(storage().getTargetValidatorConstraints(Always)).toHaveLength(1);
    expect(validateDto(Declared, { name: 'a' }).ok).toBe(true);
  });
});
