import {
  clientLogging,
  type Message,
  type MessagePayload,
  type RequestContext,
  type UserProvidedIdentifiers,
} from '@commerce/contracts';
import { preparedQuery, statementNameFor, type FollowUp, type Queryable } from '@commerce/persistence';
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
  /**
   * The same Messages as a follow-up of the resource's write, in the write's own statement (undefined when
   * there is nothing to write). A writer without it gets the transaction path.
   */
  followUp?(subject: MessageSubject, payloads: MessagePayload[]): FollowUp | undefined;
}

const DEFAULT_RETENTION_DAYS = 15;
const DAY_MS = 86_400_000;

/**
 * Writes Messages with their change, committed together or not at all: in the caller's transaction
 * (`append`), or in the write's own statement (`followUp`). Sequence numbers count per resource from 1,
 * read in the inserting statement; the resource's row lock (taken by the conditional UPDATE or DELETE, which
 * fails its version check if another writer came first) makes the count safe.
 */
export class MessageLog {
  private readonly table: string;
  private readonly appendName: string;

  constructor(
    private readonly schema: string,
    private readonly settings: ProjectSettings,
  ) {
    this.table = `"${schema}"."messages"`;
    this.appendName = statementNameFor(this.table, 'append');
  }

  /** The INSERT of a change's Messages, its five parameters numbered from `first`, under `condition`. */
  private appendSql(first: number, condition = 'TRUE'): string {
    const [projectKey, createdAt, resourceId, expiresAt, docs] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`);
    return `INSERT INTO ${this.table} (id, project_key, key, version, created_at, last_modified_at, doc,
        resource_id, sequence_number, type, expires_at)
      SELECT m.doc->>'id', ${projectKey}::text, NULL, 1, ${createdAt}::timestamptz, ${createdAt}::timestamptz,
        m.doc || jsonb_build_object('sequenceNumber', last.n + m.i), ${resourceId}::text, (last.n + m.i)::int,
        m.doc->>'type', ${expiresAt}::timestamptz
      FROM (SELECT coalesce(max(sequence_number), 0)::int AS n FROM ${this.table}
            WHERE resource_id = ${resourceId}::text) AS last,
        jsonb_array_elements(${docs}::jsonb) WITH ORDINALITY AS m(doc, i)
      WHERE ${condition}`;
  }

  /**
   * Reads the project's messages configuration first, so that writing needs no other service while the
   * transaction is open.
   */
  async writer(ctx: RequestContext): Promise<MessageWriter> {
    const project = await this.settings.get(ctx);
    const retentionDays = project.messages.deleteDaysAfterCreation ?? DEFAULT_RETENTION_DAYS;
    const values = (subject: MessageSubject, payloads: MessagePayload[]) =>
      project.messages.enabled && payloads.length > 0
        ? this.values(ctx, subject, payloads, retentionDays)
        : undefined;
    return {
      append: async (tx, subject, payloads) => {
        const params = values(subject, payloads);
        if (params) await preparedQuery(tx, this.appendName, this.appendSql(1), params);
      },
      followUp: (subject, payloads) => {
        const params = values(subject, payloads);
        if (!params) return undefined;
        return {
          name: this.appendName,
          sql: (first, written) => this.appendSql(first, `EXISTS (SELECT 1 FROM ${written})`),
          values: params,
        };
      },
    };
  }

  /** The parameters of `appendSql`: the Messages without their sequence numbers, which the INSERT adds. */
  private values(
    ctx: RequestContext,
    subject: MessageSubject,
    payloads: MessagePayload[],
    retentionDays: number,
  ): unknown[] {
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
    return [ctx.projectKey, createdAt, subject.id, expiresAt, JSON.stringify(messages)];
  }
}
