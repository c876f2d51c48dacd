import { clientLogging, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { assertBeforeDeadline } from '@commerce/messaging';
import type { DocumentTable } from '@commerce/persistence';
import type { DataSource } from 'typeorm';
import type { MessageLog, MessageSubject } from './messages/message-log.js';
import { ReferenceIntents } from './references/reference-intents.js';
import type { VersionedResource } from './resource-definition.js';
import { applyExtensions, type ExtensionPoint } from './extensions/extension-actions.js';
import { applyParsedActions, type ParsedAction } from './update-actions.js';

/** What a versioned update writes to: the resource's table and the service's message log. */
export interface VersionedStore<T extends VersionedResource> {
  db: DataSource;
  table: DocumentTable<T>;
  messages: MessageLog;
  subject(resource: T): MessageSubject;
  /** The API Extensions of the resource type, called before the write commits (absent: none are). */
  extensions?: ExtensionPoint<T>;
}

/**
 * Thrown instead of the 409 when `current` came from memory (RecentWrites) and the conditional write matched
 * nothing: the stored document moved on or went, and only a read of it can tell the client which.
 */
export class StaleDocument extends Error {
  constructor() {
    super('the remembered document is no longer the stored one');
  }
}

/**
 * The one update pipeline: checks the expected version, applies the already validated actions in order (all
 * or nothing), then writes: one statement (the conditional UPDATE with its Messages) when the table can, else
 * one short transaction with the conditional UPDATE, the actions' side writes and the Messages. The version
 * rises only if something changed; of two concurrent writers exactly one wins. With `remembered`, `current`
 * was not read from the table, and a write that matches nothing throws StaleDocument.
 */
export async function applyVersionedUpdate<T extends VersionedResource>(
  store: VersionedStore<T>,
  ctx: RequestContext,
  current: T,
  expectedVersion: number,
  actions: ParsedAction<T>[],
  remembered = false,
): Promise<T> {
  const lost = (): Promise<Error> =>
    remembered ? Promise.resolve(new StaleDocument()) : lostRace(store, ctx, current.id, expectedVersion);
  if (current.version !== expectedVersion) {
    throw Errors.concurrentModification(current.id, expectedVersion, current.version);
  }
  let applied = await applyParsedActions(actions, current, { ctx, db: store.db });
  if (!applied.changed) return current;
  if (store.extensions) {
    applied = await applyExtensions(store.extensions, ctx, 'Update', applied, { ctx, db: store.db }, current);
  }
  const { resource, messages, writes } = applied;
  const next = {
    ...resource,
    version: current.version + 1,
    lastModifiedAt: new Date().toISOString(),
    lastModifiedBy: clientLogging(ctx.actor),
  } as T;
  const writer = await store.messages.writer(ctx);
  const { table } = store;
  if (ReferenceIntents.pending()) writes.push((tx) => ReferenceIntents.consume(tx));
  if (writes.length === 0 && table.writesAreSingleStatements && writer.followUp) {
    // One statement, atomic by itself: the conditional UPDATE and, only if it matched, the Messages.
    const followUp = writer.followUp(store.subject(next), messages);
    assertBeforeDeadline(ctx);
    if (!(await table.replace(store.db, ctx.projectKey, next, current.version, followUp))) {
      throw await lost();
    }
    return next;
  }
  await store.db.transaction(async (tx) => {
    if (!(await table.replace(tx, ctx.projectKey, next, current.version))) {
      throw await lost();
    }
    for (const write of writes) await write(tx, writer);
    await writer.append(tx, store.subject(next), messages);
    // Last moment before the commit: a caller that stopped waiting gets nothing written.
    assertBeforeDeadline(ctx);
  });
  return next;
}

/** The error for a write that lost a race: 409 with the version now stored, or 404 if it is gone. */
export async function lostRace<T extends VersionedResource>(
  store: Pick<VersionedStore<T>, 'db' | 'table'>,
  ctx: RequestContext,
  id: string,
  expected: number,
): Promise<Error> {
  const now = await store.table.findById(store.db, ctx.projectKey, id);
  return now ? Errors.concurrentModification(id, expected, now.version) : Errors.resourceNotFound({ id });
}
