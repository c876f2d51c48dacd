import { UpdateRequestDto } from './common/dto.js';
import { nestedClassesOf } from './dto-transform.js';
import { OtlpProviderDraftDto, ProjectConfigurationDraftDto } from './insights/insights.dto.js';
import { StoreCountryDto, StoreDraftDto } from './stores/store.dto.js';
import { validateDto } from './validate.js';

describe('toInstance with opaque properties', () => {
  it("hands an update request's actions over as they arrived, for their own DTOs to validate", () => {
    const actions = [{ action: 'setName', name: { en: 'x' }, misspelled: true }];
    const result = validateDto(UpdateRequestDto, { version: 3, actions, unknownField: 1 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toBeInstanceOf(UpdateRequestDto);
    expect(result.value.actions).toBe(actions);
    expect(result.value).toEqual({ version: 3, actions });
  });

  it('still validates the rest of the body, and an opaque property must be there', () => {
    expect(validateDto(UpdateRequestDto, { version: '3', actions: [] })).toMatchObject({ ok: false });
    expect(validateDto(UpdateRequestDto, { version: 3 })).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^actions: /)],
    });
  });

  it("leaves the caller's object as it was", () => {
    const body = { version: 1, actions: [{ action: 'setKey' }] };
    validateDto(UpdateRequestDto, body);
    expect(body).toEqual({ version: 1, actions: [{ action: 'setKey' }] });
  });
});

describe('toInstance with explicit nulls', () => {
  it('drops a null optional field of a DTO and of the DTOs in it, as if it were absent', () => {
    const result = validateDto(StoreDraftDto, {
      key: 'k1',
      name: null,
      languages: null,
      custom: null,
      productSelections: [{ productSelection: { key: 'p', id: null }, active: null }],
    });
    expect(result).toEqual({ ok: true, value: expect.any(StoreDraftDto) });
    if (!result.ok) return;
    expect(result.value).toEqual({ key: 'k1', productSelections: [{ productSelection: { key: 'p' } }] });
    for (const field of ['name', 'languages', 'custom'])
      expect(Object.hasOwn(result.value, field)).toBe(false);
  });

  it('keeps a null inside a value the DTOs do not model (a custom field)', () => {
    const result = validateDto(StoreDraftDto, {
      key: 'k1',
      custom: { type: { key: 't' }, fields: { a: null } },
    });
    expect(result.ok && result.value.custom?.fields).toEqual({ a: null });
  });

  it('makes a null required field a missing one', () => {
    const result = validateDto(StoreDraftDto, { key: null });
    expect(result).toEqual({
      ok: false,
      problems: expect.arrayContaining([expect.stringMatching(/^key: /)]),
    });
    expect(validateDto(UpdateRequestDto, { version: 1, actions: null })).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^actions: /)],
    });
  });
});

describe('toInstance with JSON objects that have a "constructor" key', () => {
  // class-transformer takes a nested value's class from its `constructor` where the DTO declares none.
  it('keeps the key in a value no DTO models, and checks it as any other key, instead of throwing', () => {
    const result = validateDto(StoreDraftDto, {
      key: 'k1',
      name: JSON.parse('{"en": "x", "constructor": {"prototype": {}}}'),
    });
    expect(result).toMatchObject({
      ok: false,
      problems: ['name: JSON object with string values expected.'],
    });
    const kept = validateDto(StoreDraftDto, { key: 'k1', name: { en: 'x', constructor: 'y' } });
    expect(kept.ok && Object.hasOwn(kept.value.name!, 'constructor')).toBe(true);
  });

  it('refuses a wrong value whose object has the key with the problem of that field', () => {
    const result = validateDto(StoreDraftDto, { key: 'k1', languages: { constructor: 1 } });
    expect(result).toMatchObject({
      ok: false,
      problems: expect.arrayContaining(['languages: languages must be an array']),
    });
    if (!result.ok) for (const problem of result.problems) expect(problem).toMatch(/^languages: /);
  });

  it("leaves the caller's object as it was", () => {
    const body = { key: 'k1', name: { en: 'x', constructor: 'y' } };
    validateDto(StoreDraftDto, body);
    expect(body).toEqual({ key: 'k1', name: { en: 'x', constructor: 'y' } });
  });
});

describe('toInstance with keys named like Object.prototype members', () => {
  const names = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'];
  const withEvery = (value: (name: string) => unknown) =>
    JSON.parse(`{${names.map((name) => `"${name}": ${JSON.stringify(value(name))}`).join(', ')}}`) as object;

  it('keeps each in a localized string and in custom fields (nested DTOs and arrays of them included)', () => {
    const name = withEvery((key) => key);
    const fields = withEvery(() => ({ nested: 1 }));
    const result = validateDto(StoreDraftDto, {
      key: 'k1',
      name,
      custom: { type: { key: 't' }, fields },
      countries: [{ code: 'DE' }],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.value.name!)).toEqual(names);
    expect(Object.keys(result.value.custom!.fields!)).toEqual(names);
    expect(Object.getPrototypeOf(result.value.custom!.fields)).toBe(Object.prototype);
    expect(result.value.custom!.fields).not.toBe(fields);
    expect(JSON.stringify(result.value.custom!.fields)).toBe(JSON.stringify(fields));
    expect(result.value.countries![0]).toBeInstanceOf(StoreCountryDto);
  });

  it('keeps them in the values of an opaque DTO', () => {
    const actions = [{ action: 'setName', name: withEvery(String) }];
    const result = validateDto(UpdateRequestDto, { version: 1, actions });
    expect(result.ok && Object.keys((result.value.actions as typeof actions)[0].name)).toEqual(names);
  });
});

describe(nestedClassesOf.name, () => {
  it("names a property's nested class, each class of a union, and none for a scalar", () => {
    expect(nestedClassesOf(StoreDraftDto, 'countries')).toEqual([StoreCountryDto]);
    expect(nestedClassesOf(ProjectConfigurationDraftDto, 'providers')).toContain(OtlpProviderDraftDto);
    expect(nestedClassesOf(ProjectConfigurationDraftDto, 'providers').length).toBeGreaterThan(1);
    expect(nestedClassesOf(StoreDraftDto, 'key')).toEqual([]);
  });
});
