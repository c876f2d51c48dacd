import type { MessagePayload, RequestContext } from '@commerce/contracts';
import { MAX_ACTIONS, UPDATE_ACTIONS, validateDto, type DocumentedResourceType } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import type { ClassConstructor } from '@commerce/contracts';
import { sameJson } from './json.js';
import type { MessageWriter } from './messages/message-log.js';

export { MAX_ACTIONS };

/**
 * What an action may use: the request and the database for reads. Actions run before the update's short
 * write transaction, never inside it: they may ask other services, and no lock may be held while a request
 * travels; the write's conditional UPDATE is what guarantees the version.
 */
export interface ActionContext {
  ctx: RequestContext;
  db: Queryable;
}

export interface ActionOutcome<T> {
  resource: T;
  /** Messages to emit; dropped when the action changed nothing. */
  messages?: MessagePayload[];
  /**
   * Writes the action needs besides the document (a side table). They run in the update's write transaction,
   * after the conditional UPDATE, so they happen only if the version still matched. An action with one always
   * counts as a change.
   */
  write?: TransactionWork;
}

/** Work inside a write transaction, with the request's message writer for Messages of other resources. */
export type TransactionWork = (tx: Queryable, messages: MessageWriter) => Promise<void>;

/**
 * One update action: its DTO and one small function that applies it to a resource. `C` is what an action
 * may use; the engine's resources get the request and the database (`ActionContext`).
 */
export interface ActionHandler<T, C = ActionContext> {
  dto: ClassConstructor<object>;
  apply(resource: T, action: object, context: C): Promise<ActionOutcome<T>> | ActionOutcome<T>;
}

export type ActionTable<T, C = ActionContext> = Record<string, ActionHandler<T, C>>;

/** A table with exactly one handler for each action a resource's descriptor declares (name -> DTO). */
export type DeclaredActionTable<T, Declared extends object, C = ActionContext> = {
  [N in keyof Declared]: ActionHandler<T, C>;
};

/** Declares an action with its DTO type, so `apply` sees a typed action. */
export function action<T, A extends object, C = ActionContext>(
  dto: ClassConstructor<A>,
  apply: (resource: T, action: A, context: C) => Promise<ActionOutcome<T>> | ActionOutcome<T>,
): ActionHandler<T, C> {
  return { dto, apply: (resource, raw, context) => apply(resource, raw as A, context) };
}

export interface ParsedAction<T, C = ActionContext> {
  name: string;
  handler: ActionHandler<T, C>;
  action: object;
}

/**
 * Validates every action before any is applied, so a bad one fails the whole request with all problems
 * named (`actions[2].name: ...`). Misspelled optional fields are dropped, not errors.
 */
export function parseActions<T, C = ActionContext>(
  table: ActionTable<T, C>,
  raw: unknown,
): ParsedAction<T, C>[] {
  if (!Array.isArray(raw)) throw Errors.invalidJsonInput('actions: JSON array expected.');
  if (raw.length > MAX_ACTIONS) {
    throw Errors.invalidInput(
      `Too many update actions: ${raw.length}. At most ${MAX_ACTIONS} are allowed per request.`,
    );
  }
  const problems: string[] = [];
  const parsed: ParsedAction<T, C>[] = [];
  raw.forEach((item: unknown, index) => {
    const name = (item as { action?: unknown } | null)?.action;
    const handler = typeof name === 'string' && Object.hasOwn(table, name) ? table[name] : undefined;
    if (!handler) {
      problems.push(`actions[${index}].action: unknown update action ${JSON.stringify(name ?? null)}.`);
      return;
    }
    const result = validateDto(handler.dto, item);
    if (result.ok) parsed.push({ name: name as string, handler, action: result.value });
    else problems.push(...result.problems.map((problem) => `actions[${index}].${problem}`));
  });
  if (problems.length > 0) throw Errors.invalidJsonInput(problems.join('; '));
  return parsed;
}

/** What a sequence of actions made of a resource, before anything is written. */
export interface AppliedActions<T> {
  resource: T;
  /** The Messages of the actions that changed something, in order. */
  messages: MessagePayload[];
  /** Side writes for the update's transaction, in order. */
  writes: TransactionWork[];
  /** Whether anything changed (the version rises only then). */
  changed: boolean;
}

/**
 * The one update-action pipeline, used by every resource: applies already validated actions in order (all or
 * nothing: the first failure fails the request), keeping an action's result and Messages only when it
 * changed something. The caller then writes once, conditionally on the version it read
 * (`applyVersionedUpdate`, or a repository's conditional replace).
 */
export async function applyParsedActions<T, C = ActionContext>(
  actions: ParsedAction<T, C>[],
  current: T,
  context: C,
): Promise<AppliedActions<T>> {
  let resource = current;
  const messages: MessagePayload[] = [];
  const writes: TransactionWork[] = [];
  let changes = 0;
  for (const { handler, action } of actions) {
    const outcome = await handler.apply(resource, action, context);
    if (outcome.write || !sameJson(outcome.resource, resource)) {
      resource = outcome.resource;
      messages.push(...(outcome.messages ?? []));
      if (outcome.write) writes.push(outcome.write);
      changes++;
    }
  }
  // One change differs from `current` by that comparison; several may together come back to it.
  const changed = writes.length > 0 || changes === 1 || (changes > 1 && !sameJson(resource, current));
  return { resource, messages, writes, changed };
}

/** Validates every action first (all problems named at once), then applies them in order. */
export async function applyActions<T, C = ActionContext>(
  table: ActionTable<T, C>,
  current: T,
  raw: unknown,
  context: C,
): Promise<AppliedActions<T>> {
  return applyParsedActions(parseActions(table, raw), current, context);
}

/**
 * Refuses to start a service whose action table differs from the documented union of its resource type
 * (contracts `UPDATE_ACTIONS`, which the OpenAPI description shows): the same names, each with the same DTO.
 */
export function checkDocumentedActions<T>(typeId: string, table: ActionTable<T>): ActionTable<T> {
  const documented: Record<string, ClassConstructor<object>> | undefined = Object.hasOwn(
    UPDATE_ACTIONS,
    typeId,
  )
    ? UPDATE_ACTIONS[typeId as DocumentedResourceType]
    : undefined;
  if (!documented) throw new Error(`No documented update actions for the resource type ${typeId}.`);
  const names = new Set([...Object.keys(table), ...Object.keys(documented)]);
  const differing = [...names].filter((name) => table[name]?.dto !== documented[name]);
  if (differing.length > 0) {
    throw new Error(
      `The ${typeId} update actions differ from contracts' UPDATE_ACTIONS in: ${differing.join(', ')}.`,
    );
  }
  return table;
}
