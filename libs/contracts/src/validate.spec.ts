import { IsObject, IsOptional, IsString } from 'class-validator';
import { toInstance } from './dto-transform.js';
import { jsonDepthExceeds, validateDto } from './validate.js';

class Holder {
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsObject() data?: object;
}

/** `levels` nested objects: `{ a: { a: ... { a: 1 } } }`. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe(validateDto.name, () => {
  it('refuses JSON nested deeper than 64 levels, and takes 64', () => {
    expect(jsonDepthExceeds(nested(64))).toBe(false);
    expect(jsonDepthExceeds(nested(65))).toBe(true);
    expect(jsonDepthExceeds([[[1]]], 3)).toBe(false);
    expect(jsonDepthExceeds([[[[]]]], 3)).toBe(true);
    // Scalars deeper than the limit do not count: only objects and arrays nest.
    expect(jsonDepthExceeds({ a: { b: 1 } }, 2)).toBe(false);
    expect(validateDto(Holder, { data: nested(63) }).ok).toBe(true);
    expect(validateDto(Holder, { data: nested(64) })).toEqual({
      ok: false,
      problems: ['JSON nesting deeper than 64 levels.'],
    });
  });

  it('answers as the libraries for input with own constructor keys at any depth (which the fast path leaves)', () => {
    // The suites run with COMMERCE_DTO_SHADOW=1: there, the walk's constructor-key answer is also checked
    // against `hasConstructorKey`, and the fast path's instance against the libraries'.
    expect(process.env.COMMERCE_DTO_SHADOW).toBe('1');
    for (const data of [
      { constructor: 1, x: 1 },
      { y: [{ z: { constructor: 'a' } }], x: 1 },
      { y: [[], [{}, { constructor: null }]] },
    ]) {
      const result = validateDto(Holder, { name: 'n', data });
      expect(result).toEqual({ ok: true, value: toInstance(Holder, { name: 'n', data }) });
    }
    expect(validateDto(Holder, { name: 'n', data: { x: 1 } })).toEqual({
      ok: true,
      value: Object.assign(new Holder(), { name: 'n', data: { x: 1 } }),
    });
  });
});
