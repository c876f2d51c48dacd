import {
  clientLogging,
  type ChangeCartsConfigurationActionDto,
  type ChangeCountryTaxRateFallbackEnabledActionDto,
  type ChangeMyBusinessUnitStatusOnCreationActionDto,
  type ChangePriceRoundingModeActionDto,
  type ChangeProductSearchIndexingEnabledActionDto,
  type ChangeSearchStatusActionDto,
  type ChangeShoppingListsConfigurationActionDto,
  type ChangeTaxRoundingModeActionDto,
  type RequestContext,
  type SearchIndexingConfiguration,
  type SetDiscountsConfigurationActionDto,
  type SetMyBusinessUnitAssociateRoleOnCreationActionDto,
  type SetProductCatalogModelActionDto,
  type SetReleaseExpiredReservationsActionDto,
  type SetReservationExpirationInMinutesActionDto,
  type SetShippingRateInputTypeActionDto,
  type ShippingRateInputType,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { StoredProject } from './external-oauth.js';

/** What the settings actions need besides the project and the action: who changes it, and when. */
export interface SettingsContext {
  ctx: RequestContext;
  now: () => Date;
}

type Handler<A> = (project: StoredProject, action: A, context: SettingsContext) => StoredProject;

const changeCartsConfiguration: Handler<ChangeCartsConfigurationActionDto> = (
  project,
  { cartsConfiguration },
) => ({
  ...project,
  carts: {
    deleteDaysAfterLastModification: cartsConfiguration.deleteDaysAfterLastModification,
    countryTaxRateFallbackEnabled: cartsConfiguration.countryTaxRateFallbackEnabled ?? false,
    priceRoundingMode: cartsConfiguration.priceRoundingMode ?? 'HalfEven',
    taxRoundingMode: cartsConfiguration.taxRoundingMode ?? 'HalfEven',
  },
});

const changeShoppingListsConfiguration: Handler<ChangeShoppingListsConfigurationActionDto> = (
  project,
  { shoppingListsConfiguration },
) => ({
  ...project,
  shoppingLists: {
    deleteDaysAfterLastModification: shoppingListsConfiguration.deleteDaysAfterLastModification,
  },
});

const changeCountryTaxRateFallbackEnabled: Handler<ChangeCountryTaxRateFallbackEnabledActionDto> = (
  project,
  { countryTaxRateFallbackEnabled },
) => ({ ...project, carts: { ...project.carts, countryTaxRateFallbackEnabled } });

const changePriceRoundingMode: Handler<ChangePriceRoundingModeActionDto> = (
  project,
  { priceRoundingMode },
) => ({
  ...project,
  carts: { ...project.carts, priceRoundingMode },
});

const changeTaxRoundingMode: Handler<ChangeTaxRoundingModeActionDto> = (project, { taxRoundingMode }) => ({
  ...project,
  carts: { ...project.carts, taxRoundingMode },
});

/**
 * One search index's status. The platform's indexes are its database, built as data is written: an index
 * that is switched on is ready at once, so it reports `Activated` rather than `Indexing`. An unchanged
 * status leaves the project as it was (no new version).
 */
function withSearchStatus(
  project: StoredProject,
  index: keyof SearchIndexingConfiguration,
  status: 'Activated' | 'Deactivated',
  { ctx, now }: SettingsContext,
): StoredProject {
  if (project.searchIndexing[index].status === status) return project;
  const values = { status, lastModifiedAt: now().toISOString(), lastModifiedBy: clientLogging(ctx.actor) };
  return { ...project, searchIndexing: { ...project.searchIndexing, [index]: values } };
}

/** Projects created after 31 August 2026 can no longer switch on the Product Projection Search (PSDK9). */
const PRODUCT_PROJECTION_SEARCH_CUTOFF = '2026-09-01T00:00:00.000Z';

const changeProductSearchIndexingEnabled: Handler<ChangeProductSearchIndexingEnabledActionDto> = (
  project,
  { enabled, mode = 'ProductProjectionsSearch' },
  context,
) => {
  if (
    enabled &&
    mode === 'ProductProjectionsSearch' &&
    project.createdAt >= PRODUCT_PROJECTION_SEARCH_CUTOFF
  ) {
    throw Errors.invalidOperation(
      'The ProductProjectionsSearch mode cannot be activated for Projects created after 31 August 2026; use ProductsSearch.',
    );
  }
  const index = mode === 'ProductsSearch' ? 'productsSearch' : 'products';
  return withSearchStatus(project, index, enabled ? 'Activated' : 'Deactivated', context);
};

const searchStatus =
  (index: keyof SearchIndexingConfiguration): Handler<ChangeSearchStatusActionDto> =>
  (project, { status }, context) =>
    withSearchStatus(project, index, status, context);

const changeMyBusinessUnitStatusOnCreation: Handler<ChangeMyBusinessUnitStatusOnCreationActionDto> = (
  project,
  { status },
) => ({ ...project, businessUnits: { ...project.businessUnits, myBusinessUnitStatusOnCreation: status } });

/** The platform has no Associate Roles (no `/associate-roles` endpoint): any one named does not exist. */
const setMyBusinessUnitAssociateRoleOnCreation: Handler<SetMyBusinessUnitAssociateRoleOnCreationActionDto> = (
  _project,
  { associateRole },
) => {
  throw Errors.referencedResourceNotFound(
    'associate-role',
    associateRole.id !== undefined ? { id: associateRole.id } : { key: associateRole.key! },
  );
};

/** Absent `shippingRateInputType` removes it. */
const setShippingRateInputType: Handler<SetShippingRateInputTypeActionDto> = (
  project,
  { shippingRateInputType },
) => {
  const { shippingRateInputType: _old, ...rest } = project;
  if (!shippingRateInputType) return rest;
  const input: ShippingRateInputType =
    shippingRateInputType.type === 'CartClassification'
      ? {
          type: 'CartClassification',
          values: (shippingRateInputType.values ?? []).map(({ key, label }) => ({ key, label })),
        }
      : { type: shippingRateInputType.type };
  return { ...rest, shippingRateInputType: input };
};

const setDiscountsConfiguration: Handler<SetDiscountsConfigurationActionDto> = (
  project,
  { discountsConfiguration },
) => ({
  ...project,
  discounts: { discountCombinationMode: discountsConfiguration.discountCombinationMode },
});

const setReleaseExpiredReservations: Handler<SetReleaseExpiredReservationsActionDto> = (
  project,
  { releaseExpiredReservations },
) => ({ ...project, inventory: { ...project.inventory, releaseExpiredReservations } });

const setReservationExpirationInMinutes: Handler<SetReservationExpirationInMinutesActionDto> = (
  project,
  { reservationExpirationInMinutes },
) => ({ ...project, inventory: { ...project.inventory, reservationExpirationInMinutes } });

/**
 * `Classic` is how this platform keeps Product Variants (embedded in the Product); the `Modular` model (Variants
 * as resources of their own) is not served, so switching to it is refused rather than recorded and ignored.
 */
const setProductCatalogModel: Handler<SetProductCatalogModelActionDto> = (
  project,
  { productCatalogModel },
) => {
  if (productCatalogModel !== 'Classic') {
    throw Errors.invalidOperation(
      `The product catalog model '${productCatalogModel}' is not supported; only 'Classic' is.`,
    );
  }
  return { ...project, productCatalogModel };
};

/** The Project's settings actions, by name (the names of `PROJECT_ACTION_DTOS`). */
export const SETTINGS_ACTIONS = {
  changeCartsConfiguration,
  changeShoppingListsConfiguration,
  changeCountryTaxRateFallbackEnabled,
  changePriceRoundingMode,
  changeTaxRoundingMode,
  changeProductSearchIndexingEnabled,
  changeOrderSearchStatus: searchStatus('orders'),
  changeCustomerSearchStatus: searchStatus('customers'),
  changeBusinessUnitSearchStatus: searchStatus('businessUnits'),
  changeMyBusinessUnitStatusOnCreation,
  setMyBusinessUnitAssociateRoleOnCreation,
  setShippingRateInputType,
  setDiscountsConfiguration,
  setReleaseExpiredReservations,
  setReservationExpirationInMinutes,
  setProductCatalogModel,
};
