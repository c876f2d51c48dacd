import {
  INSIGHTS_CONFIGURATION_ACTIONS,
  INSIGHTS_LIMITS,
  type AddAttributeActionDto,
  type InsightsProviderType,
  type InsightsUpdateActionName,
  type RemoveAttributeActionDto,
  type RemoveProviderActionDto,
  type SetActiveActionDto,
  type SetAttributesActionDto,
  type SetEventTypesActionDto,
  type SetProviderActionDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, applyActions, type DeclaredActionTable } from '@commerce/resources';
import { storedAttribute, storedProvider, type DraftContext } from './provider-drafts.js';
import type { StoredConfiguration, StoredProvider } from './stored-configuration.js';

type Handler<A> = (config: StoredConfiguration, action: A, context: DraftContext) => StoredConfiguration;

function providerOf(config: StoredConfiguration, type: InsightsProviderType): StoredProvider {
  const provider = config.providers.find((candidate) => candidate.type === type);
  if (!provider) throw Errors.invalidOperation(`The configuration has no provider of type ${type}.`);
  return provider;
}

function withProvider(config: StoredConfiguration, provider: StoredProvider): StoredConfiguration {
  const exists = config.providers.some((candidate) => candidate.type === provider.type);
  if (!exists && config.providers.length >= INSIGHTS_LIMITS.providers) {
    throw Errors.maxResourceLimitExceeded('insights-provider', INSIGHTS_LIMITS.providers);
  }
  return {
    ...config,
    providers: exists
      ? config.providers.map((candidate) => (candidate.type === provider.type ? provider : candidate))
      : [...config.providers, provider],
  };
}

const activate: Handler<object> = (config) => ({ ...config, active: true });

const deactivate: Handler<object> = (config) => ({ ...config, active: false });

const removeProvider: Handler<RemoveProviderActionDto> = (config, { provider }) => {
  providerOf(config, provider);
  return { ...config, providers: config.providers.filter((candidate) => candidate.type !== provider) };
};

const setActive: Handler<SetActiveActionDto> = (config, { provider, active }) =>
  withProvider(config, { ...providerOf(config, provider), active });

const setEventTypes: Handler<SetEventTypesActionDto> = (config, { provider, eventTypes }) =>
  withProvider(config, { ...providerOf(config, provider), eventTypes: [...eventTypes] });

const setProvider: Handler<SetProviderActionDto> = (config, { provider }, context) => {
  const existing = config.providers.find((candidate) => candidate.type === provider.type);
  return withProvider(config, storedProvider(provider, existing, context));
};

const addAttribute: Handler<AddAttributeActionDto> = (config, { attribute }) => {
  if (config.additionalAttributes.some(({ name }) => name === attribute.name)) {
    throw Errors.duplicateField('additionalAttributes.name', attribute.name);
  }
  if (config.additionalAttributes.length >= INSIGHTS_LIMITS.additionalAttributes) {
    throw Errors.maxResourceLimitExceeded('insights-attribute', INSIGHTS_LIMITS.additionalAttributes);
  }
  return { ...config, additionalAttributes: [...config.additionalAttributes, storedAttribute(attribute)] };
};

const removeAttribute: Handler<RemoveAttributeActionDto> = (config, { attribute }) => {
  if (!config.additionalAttributes.some(({ name }) => name === attribute)) {
    throw Errors.invalidOperation(
      `The configuration has no additional attribute ${JSON.stringify(attribute)}.`,
    );
  }
  return {
    ...config,
    additionalAttributes: config.additionalAttributes.filter(({ name }) => name !== attribute),
  };
};

const setAttributes: Handler<SetAttributesActionDto> = (config, { attributes }) => ({
  ...config,
  additionalAttributes: attributes.map(storedAttribute),
});

type Actions = typeof INSIGHTS_CONFIGURATION_ACTIONS;

/** Wraps a handler for the shared update pipeline: its DTO validates, its function changes the configuration. */
function handler<N extends InsightsUpdateActionName>(name: N, apply: Handler<InstanceType<Actions[N]>>) {
  return action<StoredConfiguration, InstanceType<Actions[N]>, DraftContext>(
    INSIGHTS_CONFIGURATION_ACTIONS[name] as new () => InstanceType<Actions[N]>,
    (config, dto, context) => ({ resource: apply(config, dto, context) }),
  );
}

const ACTIONS: DeclaredActionTable<StoredConfiguration, Actions, DraftContext> = {
  activate: handler('activate', activate),
  deactivate: handler('deactivate', deactivate),
  removeProvider: handler('removeProvider', removeProvider),
  setActive: handler('setActive', setActive),
  setEventTypes: handler('setEventTypes', setEventTypes),
  setProvider: handler('setProvider', setProvider),
  addAttribute: handler('addAttribute', addAttribute),
  removeAttribute: handler('removeAttribute', removeAttribute),
  setAttributes: handler('setAttributes', setAttributes),
};

/**
 * The shared update pipeline (`applyActions`), as every resource has it: all actions validated first (an
 * unknown one is `InvalidJsonInput`, all problems named), then applied in order, all or nothing.
 */
export async function applyInsightsActions(
  config: StoredConfiguration,
  actions: unknown,
  context: DraftContext,
): Promise<StoredConfiguration> {
  return (await applyActions(ACTIONS, config, actions, context)).resource;
}

/** The provider types whose settings differ between two configurations (their export health restarts). */
export function changedProviderTypes(before: StoredConfiguration | undefined, after: StoredConfiguration) {
  const previous = new Map(
    (before?.providers ?? []).map((provider) => [provider.type, JSON.stringify(provider)]),
  );
  return after.providers
    .filter((provider) => previous.get(provider.type) !== JSON.stringify(provider))
    .map((provider) => provider.type);
}
