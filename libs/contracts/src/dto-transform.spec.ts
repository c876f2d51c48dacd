import { UpdateRequestDto } from './common/dto.js';
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
