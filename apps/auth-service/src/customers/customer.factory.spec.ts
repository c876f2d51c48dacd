import type { Customer, CustomerDraftDto, RequestContext } from '@commerce/contracts';
import { emailConflicts, isInStore, newCustomer } from './customer.factory.js';

const ctx: RequestContext = {
  projectKey: 'demo',
  correlationId: 'test-correlation',
  actor: { clientId: 'c1' },
};

function draft(fields: Partial<CustomerDraftDto>): CustomerDraftDto {
  return { email: 'ann@example.com', password: 'secret', ...fields };
}

describe(newCustomer.name, () => {
  it('builds a Customer without the password, with the defaults of the API', () => {
    const customer = newCustomer(ctx, draft({ firstName: 'Ann' }), []);
    expect(customer).toMatchObject({
      version: 1,
      email: 'ann@example.com',
      firstName: 'Ann',
      addresses: [],
      shippingAddressIds: [],
      billingAddressIds: [],
      isEmailVerified: false,
      customerGroupAssignments: [],
      stores: [],
      authenticationMode: 'Password',
      createdBy: { clientId: 'c1', isPlatformClient: false },
    });
    expect(JSON.stringify(customer)).not.toContain('secret');
  });

  it('gives addresses ids and resolves the address indexes', () => {
    const customer = newCustomer(
      ctx,
      draft({
        addresses: [{ country: 'DE' }, { country: 'FR' }] as CustomerDraftDto['addresses'],
        defaultShippingAddress: 1,
        billingAddresses: [0],
      }),
      ['berlin'],
    );
    const [de, fr] = customer.addresses.map((address) => address.id);
    expect(customer.defaultShippingAddressId).toBe(fr);
    expect(customer.shippingAddressIds).toEqual([fr]);
    expect(customer.billingAddressIds).toEqual([de]);
    expect(customer.stores).toEqual([{ typeId: 'store', key: 'berlin' }]);
  });

  it('refuses an address index that does not exist', () => {
    expect(() => newCustomer(ctx, draft({ defaultBillingAddress: 0 }), [])).toThrow('no address at index 0');
  });
});

describe(emailConflicts.name, () => {
  const existing = (stores: string[]) =>
    ({ stores: stores.map((key) => ({ typeId: 'store', key })) }) as unknown as Customer;

  it.each([
    [[], [], true],
    [[], ['berlin'], true],
    [['berlin'], [], true],
    [['berlin'], ['berlin', 'paris'], true],
    [['berlin'], ['paris'], false],
  ])('existing in %j, new in %j: %s', (existingStores, stores, expected) =>
    expect(emailConflicts(existing(existingStores), stores)).toBe(expected),
  );

  it('sees store customers only in their Stores', () => {
    expect(isInStore(existing(['berlin']), 'berlin')).toBe(true);
    expect(isInStore(existing(['berlin']), 'paris')).toBe(false);
    expect(isInStore(existing([]), 'paris')).toBe(false);
    expect(isInStore(existing([]), undefined)).toBe(true);
  });
});
