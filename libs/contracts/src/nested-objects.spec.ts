import { CustomerGroupDraftDto } from './customer-groups/customer-group.dto.js';
import { StoreDraftDto } from './stores/store.dto.js';
import { validateDto } from './validate.js';

// class-validator's @ValidateNested() lets an array through where one object is declared (it validates the
// elements instead); every single nested object also says @IsObject(), so such input is a 400, not a crash.
describe('a nested object given as an array', () => {
  it.each([[[]], [[[]]], [[{}]]])('is refused where one object is declared: custom = %j', (custom) => {
    const result = validateDto(CustomerGroupDraftDto, { key: 'group-1', groupName: 'G', custom });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toContain('custom: custom must be an object');
  });

  it('is still accepted as an object, and arrays of objects stay arrays', () => {
    expect(
      validateDto(CustomerGroupDraftDto, {
        key: 'group-1',
        groupName: 'G',
        custom: { type: { typeId: 'type', key: 'my-type' } },
      }).ok,
    ).toBe(true);
    expect(
      validateDto(StoreDraftDto, { key: 'store-1', distributionChannels: [{ typeId: 'channel', key: 'c' }] })
        .ok,
    ).toBe(true);
  });
});
