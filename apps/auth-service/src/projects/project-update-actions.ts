import {
  PROJECT_ACTION_DTOS,
  type ChangeCountriesActionDto,
  type ChangeCurrenciesActionDto,
  type ChangeLanguagesActionDto,
  type ChangeMessagesConfigurationActionDto,
  type ChangeNameActionDto,
  type ExternalOAuth,
  type ProjectUpdateActionName,
  type SetExternalOAuthActionDto,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { OutboundError, checkOutboundUrl, type OutboundPolicy } from '@commerce/outbound';
import { action, applyActions, type ActionHandler, type DeclaredActionTable } from '@commerce/resources';
import type { StoredExternalOAuth, StoredProject } from './external-oauth.js';
import { SETTINGS_ACTIONS, type SettingsContext } from './project-settings-actions.js';

export interface ActionContext extends SettingsContext {
  outbound: OutboundPolicy;
  /** Whether any Store of the project uses one of these languages. */
  languagesUsedInStores(languages: string[]): Promise<boolean>;
  /** Seals the external OAuth `Authorization` header as it is written (never stored in clear). */
  sealExternalOAuth(externalOAuth: ExternalOAuth): StoredExternalOAuth;
}

type Handler<A> = (
  project: StoredProject,
  action: A,
  context: ActionContext,
) => Promise<StoredProject> | StoredProject;

const changeName: Handler<ChangeNameActionDto> = (project, { name }) => ({ ...project, name });

const changeCountries: Handler<ChangeCountriesActionDto> = (project, { countries }) => ({
  ...project,
  countries: [...new Set(countries)],
});

const changeCurrencies: Handler<ChangeCurrenciesActionDto> = (project, { currencies }) => ({
  ...project,
  currencies: [...new Set(currencies)],
});

const changeLanguages: Handler<ChangeLanguagesActionDto> = async (project, { languages }, context) => {
  const removed = project.languages.filter((language) => !languages.includes(language));
  if (removed.length > 0 && (await context.languagesUsedInStores(removed))) {
    throw new ApiError({
      code: 'LanguageUsedInStores',
      message: `The languages ${removed.join(', ')} are used by at least one Store and cannot be removed.`,
      languages: removed,
    });
  }
  return { ...project, languages: [...new Set(languages)] };
};

const changeMessagesConfiguration: Handler<ChangeMessagesConfigurationActionDto> = (
  project,
  { messagesConfiguration },
) => ({
  ...project,
  messages: {
    enabled: messagesConfiguration.enabled,
    deleteDaysAfterCreation: messagesConfiguration.deleteDaysAfterCreation,
  },
});

/** Absent `externalOAuth` removes it. The URL must be one an outbound call may reach (https, public). */
const setExternalOAuth: Handler<SetExternalOAuthActionDto> = (project, { externalOAuth }, context) => {
  if (!externalOAuth) {
    const { externalOAuth: _removed, ...rest } = project;
    return rest;
  }
  try {
    checkOutboundUrl(externalOAuth.url, context.outbound);
  } catch (error) {
    if (error instanceof OutboundError) throw Errors.invalidField('externalOAuth.url', externalOAuth.url);
    throw error;
  }
  return {
    ...project,
    externalOAuth: context.sealExternalOAuth({
      url: externalOAuth.url,
      authorizationHeader: externalOAuth.authorizationHeader,
    }),
  };
};

/** A project action as the shared pipeline runs it: its DTO from the contract's list, its handler here. */
function projectAction<N extends ProjectUpdateActionName>(
  name: N,
  handler: Handler<InstanceType<(typeof PROJECT_ACTION_DTOS)[N]>>,
): ActionHandler<StoredProject, ActionContext> {
  const dto = PROJECT_ACTION_DTOS[name] as new () => InstanceType<(typeof PROJECT_ACTION_DTOS)[N]>;
  return action(dto, async (project: StoredProject, parsed, context: ActionContext) => ({
    resource: await handler(project, parsed, context),
  }));
}

const ACTIONS: DeclaredActionTable<StoredProject, typeof PROJECT_ACTION_DTOS, ActionContext> = {
  changeName: projectAction('changeName', changeName),
  changeCountries: projectAction('changeCountries', changeCountries),
  changeCurrencies: projectAction('changeCurrencies', changeCurrencies),
  changeLanguages: projectAction('changeLanguages', changeLanguages),
  changeMessagesConfiguration: projectAction('changeMessagesConfiguration', changeMessagesConfiguration),
  setExternalOAuth: projectAction('setExternalOAuth', setExternalOAuth),
  changeCartsConfiguration: projectAction(
    'changeCartsConfiguration',
    SETTINGS_ACTIONS.changeCartsConfiguration,
  ),
  changeShoppingListsConfiguration: projectAction(
    'changeShoppingListsConfiguration',
    SETTINGS_ACTIONS.changeShoppingListsConfiguration,
  ),
  changeCountryTaxRateFallbackEnabled: projectAction(
    'changeCountryTaxRateFallbackEnabled',
    SETTINGS_ACTIONS.changeCountryTaxRateFallbackEnabled,
  ),
  changePriceRoundingMode: projectAction('changePriceRoundingMode', SETTINGS_ACTIONS.changePriceRoundingMode),
  changeTaxRoundingMode: projectAction('changeTaxRoundingMode', SETTINGS_ACTIONS.changeTaxRoundingMode),
  changeProductSearchIndexingEnabled: projectAction(
    'changeProductSearchIndexingEnabled',
    SETTINGS_ACTIONS.changeProductSearchIndexingEnabled,
  ),
  changeOrderSearchStatus: projectAction('changeOrderSearchStatus', SETTINGS_ACTIONS.changeOrderSearchStatus),
  changeCustomerSearchStatus: projectAction(
    'changeCustomerSearchStatus',
    SETTINGS_ACTIONS.changeCustomerSearchStatus,
  ),
  changeBusinessUnitSearchStatus: projectAction(
    'changeBusinessUnitSearchStatus',
    SETTINGS_ACTIONS.changeBusinessUnitSearchStatus,
  ),
  changeMyBusinessUnitStatusOnCreation: projectAction(
    'changeMyBusinessUnitStatusOnCreation',
    SETTINGS_ACTIONS.changeMyBusinessUnitStatusOnCreation,
  ),
  setMyBusinessUnitAssociateRoleOnCreation: projectAction(
    'setMyBusinessUnitAssociateRoleOnCreation',
    SETTINGS_ACTIONS.setMyBusinessUnitAssociateRoleOnCreation,
  ),
  setShippingRateInputType: projectAction(
    'setShippingRateInputType',
    SETTINGS_ACTIONS.setShippingRateInputType,
  ),
  setDiscountsConfiguration: projectAction(
    'setDiscountsConfiguration',
    SETTINGS_ACTIONS.setDiscountsConfiguration,
  ),
  setReleaseExpiredReservations: projectAction(
    'setReleaseExpiredReservations',
    SETTINGS_ACTIONS.setReleaseExpiredReservations,
  ),
  setReservationExpirationInMinutes: projectAction(
    'setReservationExpirationInMinutes',
    SETTINGS_ACTIONS.setReservationExpirationInMinutes,
  ),
  setProductCatalogModel: projectAction('setProductCatalogModel', SETTINGS_ACTIONS.setProductCatalogModel),
};

/**
 * Validates every action against its own DTO, then applies all in order (all or nothing), through the
 * pipeline every resource uses (`applyActions` of `@commerce/resources`). A project update needs at least one.
 */
export async function applyProjectActions(
  project: StoredProject,
  actions: unknown,
  context: ActionContext,
): Promise<StoredProject> {
  if (Array.isArray(actions) && actions.length === 0) {
    throw Errors.invalidJsonInput('actions: 1 to 500 update actions expected.');
  }
  return (await applyActions(ACTIONS, project, actions, context)).resource;
}
