import {
  EXTENSION_DEFAULT_TIMEOUT_MS,
  ExtensionChangeDestinationAction,
  ExtensionChangeTriggersAction,
  ExtensionDraftDto,
  ExtensionResource,
  ExtensionSetAdditionalContextAction,
  ExtensionSetDependenciesAction,
  ExtensionSetExpansionPathsAction,
  ExtensionSetKeyAction,
  ExtensionSetTimeoutInMsAction,
  type Extension,
  type ExtensionTrigger,
  type ExtensionTriggerDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { OutboundPolicy } from '@commerce/outbound';
import { parsePredicate } from '@commerce/query';
import { action, type DeclaredActionTable, type ResourceDefinition } from '@commerce/resources';
import type { AuthSecrets } from '../secrets/auth-secrets.js';
import { splitDestination } from './extension-destination.js';
import { extensionSecrets } from './extension-secrets.js';
import { extensionsTable } from './extensions.table.js';

export const EXTENSION_ENGINE = Symbol('EXTENSION_ENGINE');

export interface ExtensionDeps {
  secrets: AuthSecrets;
  outbound: OutboundPolicy;
  /** Told after every committed change: the services' caches of the project's extensions drop it. */
  changed(projectKey: string): Promise<void>;
}

/** Triggers as given, each `condition` parsed now, so a bad predicate is refused at write time. */
function triggersOf(raw: ExtensionTriggerDto[]): ExtensionTrigger[] {
  return raw.map((trigger, index) => {
    if (trigger.condition !== undefined) {
      try {
        parsePredicate(trigger.condition);
      } catch (error) {
        const detail = (error as { body?: { message?: string } }).body?.message ?? String(error);
        throw Errors.invalidInput(`triggers[${index}].condition: ${detail}`);
      }
    }
    return {
      resourceTypeId: trigger.resourceTypeId,
      actions: [...new Set(trigger.actions)],
      ...(trigger.condition !== undefined ? { condition: trigger.condition } : {}),
    };
  });
}

/** Dependencies are accepted by id (the live API's ExtensionResourceIdentifier); an extension is no dependency of itself. */
function dependenciesOf(raw: Array<{ id?: string; key?: string }>, self?: string): Extension['dependencies'] {
  return raw.map((dependency, index) => {
    if (typeof dependency.id !== 'string') {
      throw Errors.invalidInput(`dependencies[${index}]: an extension is named by its id.`);
    }
    if (dependency.id === self)
      throw Errors.invalidInput(`dependencies[${index}]: an extension can not depend on itself.`);
    return { typeId: 'extension' as const, id: dependency.id };
  });
}

function actions(deps: ExtensionDeps): DeclaredActionTable<Extension, typeof ExtensionResource.actions> {
  return {
    changeDestination: action(
      ExtensionChangeDestinationAction,
      (extension: Extension, { destination }, { ctx }) => {
        const split = splitDestination(destination, deps.outbound);
        const box =
          Object.keys(split.secrets).length > 0 ? deps.secrets.sealer('extension secrets') : undefined;
        return {
          resource: { ...extension, destination: split.shown },
          // Always a change: the secrets may differ while their masks do not.
          write: (tx) =>
            box
              ? extensionSecrets.write(tx, box, ctx, extension.id, split.secrets)
              : extensionSecrets.remove(tx, ctx, extension.id),
        };
      },
    ),
    changeTriggers: action(ExtensionChangeTriggersAction, (extension: Extension, { triggers }) => ({
      resource: { ...extension, triggers: triggersOf(triggers) },
    })),
    setKey: action(ExtensionSetKeyAction, (extension: Extension, { key }) => {
      const { key: _old, ...rest } = extension;
      return { resource: key === undefined ? rest : { ...rest, key } };
    }),
    setTimeoutInMs: action(ExtensionSetTimeoutInMsAction, (extension: Extension, { timeoutInMs }) => ({
      resource: { ...extension, timeoutInMs: timeoutInMs ?? EXTENSION_DEFAULT_TIMEOUT_MS },
    })),
    setDependencies: action(ExtensionSetDependenciesAction, (extension: Extension, { dependencies }) => ({
      resource: { ...extension, dependencies: dependenciesOf(dependencies, extension.id) },
    })),
    setExpansionPaths: action(
      ExtensionSetExpansionPathsAction,
      (extension: Extension, { expansionPaths }) => ({
        resource: { ...extension, expansionPaths },
      }),
    ),
    setAdditionalContext: action(
      ExtensionSetAdditionalContextAction,
      (extension: Extension, { additionalContext }) => ({
        resource: {
          ...extension,
          additionalContext: { includeOldResource: additionalContext.includeOldResource ?? false },
        },
      }),
    ),
  };
}

/** API Extensions (checkout facts 11): configuration only; the services that own the triggering resources call them. */
export function defineExtension(deps: ExtensionDeps): ResourceDefinition<Extension, ExtensionDraftDto> {
  return {
    typeId: ExtensionResource.typeId,
    table: extensionsTable,
    draft: ExtensionDraftDto,
    actions: actions(deps),
    build(draft) {
      const split = splitDestination(draft.destination, deps.outbound);
      if (Object.keys(split.secrets).length > 0) deps.secrets.sealer('extension secrets');
      return {
        ...(draft.key !== undefined ? { key: draft.key } : {}),
        destination: split.shown,
        triggers: triggersOf(draft.triggers),
        timeoutInMs: draft.timeoutInMs ?? EXTENSION_DEFAULT_TIMEOUT_MS,
        ...(draft.dependencies ? { dependencies: dependenciesOf(draft.dependencies) } : {}),
        ...(draft.expansionPaths ? { expansionPaths: draft.expansionPaths } : {}),
        ...(draft.additionalContext
          ? { additionalContext: { includeOldResource: draft.additionalContext.includeOldResource ?? false } }
          : {}),
      };
    },
    createWrite(extension, draft, { ctx }) {
      const { secrets } = splitDestination(draft.destination, deps.outbound);
      if (Object.keys(secrets).length === 0) return undefined;
      const box = deps.secrets.sealer('extension secrets');
      return (tx) => extensionSecrets.write(tx, box, ctx, extension.id, secrets);
    },
    beforeDelete: (extension, { ctx }) =>
      Promise.resolve((tx) => extensionSecrets.remove(tx, ctx, extension.id)),
    afterCommit: (_extension, { ctx }) => deps.changed(ctx.projectKey),
  };
}
