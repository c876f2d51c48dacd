import {
  PROJECT_ACTION_DTOS,
  type ChangeCountriesActionDto,
  type ChangeCurrenciesActionDto,
  type ChangeLanguagesActionDto,
  type ChangeMessagesConfigurationActionDto,
  type ChangeNameActionDto,
  type Project,
  type ProjectUpdateActionName,
  type SetExternalOAuthActionDto,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { OutboundError, checkOutboundUrl, type OutboundPolicy } from '@commerce/outbound';
import { parseDto } from '@commerce/service-kit';

export interface ActionContext {
  outbound: OutboundPolicy;
  /** Whether any Store of the project uses one of these languages. */
  languagesUsedInStores(languages: string[]): Promise<boolean>;
}

type Handler<A> = (project: Project, action: A, context: ActionContext) => Promise<Project> | Project;

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
    externalOAuth: { url: externalOAuth.url, authorizationHeader: externalOAuth.authorizationHeader },
  };
};

const HANDLERS: { [N in ProjectUpdateActionName]: Handler<InstanceType<(typeof PROJECT_ACTION_DTOS)[N]>> } = {
  changeName,
  changeCountries,
  changeCurrencies,
  changeLanguages,
  changeMessagesConfiguration,
  setExternalOAuth,
};

/** Validates each action against its own DTO, then applies all in order (all or nothing). */
export async function applyProjectActions(
  project: Project,
  actions: unknown,
  context: ActionContext,
): Promise<Project> {
  if (!Array.isArray(actions) || actions.length === 0 || actions.length > 500) {
    throw Errors.invalidJsonInput('actions: 1 to 500 update actions expected.');
  }
  let result = project;
  for (const [index, raw] of actions.entries()) {
    const name = (raw as { action?: unknown } | null)?.action;
    if (typeof name !== 'string' || !Object.hasOwn(HANDLERS, name)) {
      throw Errors.invalidInput(`actions[${index}]: unknown action ${JSON.stringify(name)}.`);
    }
    const actionName = name as ProjectUpdateActionName;
    const dto: new () => object = PROJECT_ACTION_DTOS[actionName];
    const action = parseDto(dto, raw);
    result = await (HANDLERS[actionName] as Handler<object>)(result, action, context);
  }
  return result;
}
