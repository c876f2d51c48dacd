import {
  clientLogging,
  type Message,
  type MessagePayload,
  type RequestContext,
  type UserProvidedIdentifiers,
} from '@commerce/contracts';
import { preparedQuery, statementNameFor, type Queryable } from '@commerce/persistence';
import { randomUUID } from 'node:crypto';
import type { ProjectSettings } from '../project-settings.js';

export interface MessageSubject {
  typeId: string;
  id: string;
  version: number;
  identifiers?: UserProvidedIdentifiers;
}

export interface MessageWriter {
  append(tx: Queryable, subject: MessageSubject, payloads: MessagePayload[]): Promise<void>;
}

const DEFAULT_RETENTION_DAYS = 15;
const DAY_MS = 86_400_000;

/**
 * Writes Messages in the caller's transaction, so a change and its Messages are committed together or not
 * at all. Sequence numbers count per resource from 1; the resource's row lock (taken by the conditional
 * UPDATE or DELETE earlier in the same transaction) makes the count safe.
 */
export class MessageLog {
  private readonly insertName: string;
  private readonly insertSql: string;

  constructor(
    private readonly schema: string,
    private readonly settings: ProjectSettings,
  ) {
    const table = `"${schema}"."messages"`;
    this.insertName = statementNameFor(table, 'append');
    this.insertSql = `INSERT INTO ${table} (id, project_key, key, version, created_at, last_modified_at, doc,
        resource_id, sequence_number, type, expires_at)
      SELECT m.doc->>'id', $1::text, NULL, 1, $2::timestamptz, $2::timestamptz,
        m.doc || jsonb_build_object('sequenceNumber', last.n + m.i), $3::text, (last.n + m.i)::int,
        m.doc->>'type', $4::timestamptz
      FROM (SELECT coalesce(max(sequence_number), 0)::int AS n FROM ${table} WHERE resource_id = $3::text) AS last,
        jsonb_array_elements($5::jsonb) WITH ORDINALITY AS m(doc, i)`;
  }

  /**
   * Reads the project's messages configuration first, so that writing needs no other service while the
   * transaction is open.
   */
  async writer(ctx: RequestContext): Promise<MessageWriter> {
    const project = await this.settings.get(ctx);
    const retentionDays = project.messages.deleteDaysAfterCreation ?? DEFAULT_RETENTION_DAYS;
    return {
      append: (tx, subject, payloads) =>
        project.messages.enabled && payloads.length > 0
          ? this.append(tx, ctx, subject, payloads, retentionDays)
          : Promise.resolve(),
    };
  }

  /**
   * All the Messages of one change in one prepared INSERT: their sequence numbers continue the resource's
   * last one, read in the same statement.
   */
  private async append(
    tx: Queryable,
    ctx: RequestContext,
    subject: MessageSubject,
    payloads: MessagePayload[],
    retentionDays: number,
  ): Promise<void> {
    const now = new Date();
    const createdAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + retentionDays * DAY_MS);
    const logging = clientLogging(ctx.actor);
    const messages = payloads.map(({ type, ...payload }) => {
      const message: Omit<Message, 'sequenceNumber'> = {
        id: randomUUID(),
        version: 1,
        resource: { typeId: subject.typeId, id: subject.id },
        resourceVersion: subject.version,
        ...(subject.identifiers && Object.keys(subject.identifiers).length > 0
          ? { resourceUserProvidedIdentifiers: subject.identifiers }
          : {}),
        type,
        createdAt,
        lastModifiedAt: createdAt,
        createdBy: logging,
        lastModifiedBy: logging,
        ...payload,
      };
      return message;
    });
    await preparedQuery(tx, this.insertName, this.insertSql, [
      ctx.projectKey,
      createdAt,
      subject.id,
      expiresAt,
      JSON.stringify(messages),
    ]);
  }
}
