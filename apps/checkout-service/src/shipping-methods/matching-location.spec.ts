import type { ShippingMethod, ShippingRate, Zone } from '@commerce/contracts';
import { centMoney } from '@commerce/pricing';
import { matchingLocation } from './matching-location.js';

const zone = (id: string, ...locations: Zone['locations']): Zone => ({
  id,
  version: 1,
  createdAt: '',
  lastModifiedAt: '',
  name: id,
  locations,
});
const rate = (currency: string, cents: number): ShippingRate => ({
  price: centMoney(currency, cents),
  tiers: [],
});
let created = 0;
const method = (
  id: string,
  rates: Record<string, ShippingRate[]>,
  flags: { active?: boolean; isDefault?: boolean } = {},
): ShippingMethod => ({
  id,
  version: 1,
  createdAt: String(created++),
  lastModifiedAt: '',
  name: id,
  taxCategory: { typeId: 'tax-category', id: 'tax' },
  zoneRates: Object.entries(rates).map(([zoneId, shippingRates]) => ({
    zone: { typeId: 'zone', id: zoneId },
    shippingRates,
  })),
  active: flags.active ?? true,
  isDefault: flags.isDefault ?? false,
  stores: [],
});

const zones = [
  zone('bavaria', { country: 'DE', state: 'BY' }),
  zone('germany', { country: 'DE' }),
  zone('us', { country: 'US' }),
];
const methods = [
  method('cheap', { bavaria: [rate('EUR', 300)] }),
  method(
    'both',
    { bavaria: [rate('EUR', 500), rate('USD', 600)], us: [rate('USD', 900)] },
    { isDefault: true },
  ),
  method('off', { bavaria: [rate('EUR', 100)] }, { active: false }),
  method('dollars', { bavaria: [rate('USD', 700)] }),
  method('empty', { bavaria: [] }),
  method('national', { germany: [rate('EUR', 800)] }),
];
const ids = (found: ShippingMethod[]) => found.map((m) => m.id);

describe(matchingLocation.name, () => {
  it.each([
    [{ country: 'DE', state: 'BY', currency: 'EUR' }, ['both', 'cheap']],
    [{ country: 'DE', state: 'BY', currency: 'USD' }, ['both', 'dollars']],
    [{ country: 'DE', state: 'BY' }, ['both', 'cheap', 'dollars']],
    [{ country: 'DE', state: 'BY', currency: 'GBP' }, []],
    [{ country: 'DE', currency: 'EUR' }, ['national']],
    [{ country: 'DE', state: 'HH', currency: 'EUR' }, ['national']],
    [{ country: 'US', currency: 'USD' }, ['both']],
    [{ country: 'US', state: 'NY' }, ['both']],
    [{ country: 'FR' }, []],
  ])('at %j finds %j (active, a rate of the zone, the default first)', (location, expected) => {
    expect(ids(matchingLocation(methods, zones, location))).toEqual(expected);
  });

  it('shows only the zone rate of the location, its rates marked isMatching by currency', () => {
    const [both] = matchingLocation(methods, zones, { country: 'DE', state: 'BY', currency: 'USD' });
    expect(both.zoneRates).toEqual([
      {
        zone: { typeId: 'zone', id: 'bavaria' },
        shippingRates: [
          { ...rate('EUR', 500), isMatching: false },
          { ...rate('USD', 600), isMatching: true },
        ],
      },
    ]);
    const anyCurrency = matchingLocation(methods, zones, { country: 'DE', state: 'BY' });
    expect(anyCurrency.flatMap((m) => m.zoneRates[0].shippingRates.map((r) => r.isMatching))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('leaves the stored methods as they were', () => {
    const before = JSON.stringify(methods);
    matchingLocation(methods, zones, { country: 'DE', state: 'BY', currency: 'EUR' });
    expect(JSON.stringify(methods)).toBe(before);
  });
});
