import type { ClassConstructor } from '@commerce/contracts';
import { SetStoreNameAction, StoreCountryAction, UPDATE_ACTIONS } from '@commerce/contracts';
import { action, checkDocumentedActions, type ActionTable } from './update-actions.js';

describe(checkDocumentedActions.name, () => {
  const unchanged = (store: object) => ({ resource: store });
  const storeTable = (): ActionTable<object> =>
    Object.fromEntries(
      Object.entries<ClassConstructor<object>>(UPDATE_ACTIONS.store).map(([name, dto]) => [
        name,
        action(dto, unchanged),
      ]),
    );

  it('accepts a table with exactly the documented actions and DTOs', () => {
    const table = storeTable();
    expect(checkDocumentedActions('store', table)).toBe(table);
  });

  it('refuses a missing, an extra or a differently validated action, naming them', () => {
    const { setName: _missing, ...table } = storeTable();
    table.setFavourite = action(SetStoreNameAction, unchanged);
    table.addCountry = action(SetStoreNameAction, unchanged);
    expect(StoreCountryAction).toBe(UPDATE_ACTIONS.store.addCountry);
    expect(() => checkDocumentedActions('store', table)).toThrow(
      "The store update actions differ from contracts' UPDATE_ACTIONS in: addCountry, setFavourite, setName.",
    );
  });

  it('refuses a resource type without documented actions', () => {
    expect(() => checkDocumentedActions('business-unit', {})).toThrow(
      'No documented update actions for the resource type business-unit.',
    );
  });
});
