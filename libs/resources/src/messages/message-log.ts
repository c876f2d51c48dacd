import {
  clientLogging,
  type Message,
  type MessagePayload,
  type RequestContext,
  type UserProvidedIdentifiers,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { preparedQuery, statementNameFor, type FollowUp, type Queryable } from '@commerce/persistence';
import { randomUUID } from 'node:crypto';
import type { ProjectSettings } from '../project-settings.js';

export interface MessageSubject {
  typeId: string;
  id: string;
  version: number;
  identifiers?: UserProvidedIdentifiers;
  /**
   * The resource's own table (schema-qualified and quoted, e.g. `"stores"."stores"`): its row counts the
   * resource's Messages in `message_seq`.
   */
  table: string;
}

export interface MessageWriter {
  /**
   * Writes the Messages in the caller's transaction, numbered from the resource row's counter, which the same
   * statement advances (and so locks the row until the transaction ends). The row must exist.
   */
  append(tx: Queryable, subject: MessageSubject, payloads: MessagePayload[]): Promise<void>;
  /**
   * The same Messages as a follow-up of the resource's write, in the write's own statement (undefined when
   * there is nothing to write): the write advances the counter, the follow-up numbers from it.
   */
  followUp?(subject: MessageSubject, payloads: MessagePayload[]): FollowUp | undefined;
}

/** How a change's Messages travel to their INSERT: one Message as JSON text, several as a JSON array. */
type RowsShape = 'one' | 'many';

interface MessageRows {
  shape: RowsShape;
  /** The INSERT's parameters (see `insertSql`). */
  values: unknown[];
}

const DEFAULT_RETENTION_DAYS = 15;
const DAY_MS = 86_400_000;

/**
 * Writes Messages with their change, committed together or not at all: in the caller's transaction
 * (`append`), or in the write's own statement (`followUp`). Sequence numbers count per resource from 1 on
 * the resource's row (`message_seq`), advanced by the statement that writes the row (or, for `append`, by
 * the inserting statement itself): the row lock makes them strictly increasing in commit order, and deleting
 * old Messages never resets them. The database gives each Message its place in the relay's order (`gid`,
 * `tx`); the application's clock plays no part in it.
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

  /**
   * The INSERT of a change's Messages, its parameters (a `MessageRows`'s values) numbered from `first`, each
   * Message numbered from `source`, a relation with the resource's advanced counter `message_seq` (no row:
   * nothing is inserted). One Message, what most changes write, comes as its JSON text without the closing
   * brace, and the statement appends its sequence number as text and parses the document once: taking a JSON
   * array apart and concatenating jsonb cost PostgreSQL about 10 % more per write (docs/PERFORMANCE.md).
   */
  private insertSql(shape: RowsShape, first: number, source: string): string {
    const [projectKey, createdAt, resourceId, expiresAt, ...rest] = [0, 1, 2, 3, 4, 5, 6].map(
      (i) => `$${first + i}`,
    );
    const into = `INSERT INTO ${this.table} (id, project_key, key, version, created_at, last_modified_at, doc,
        resource_id, sequence_number, type, expires_at)`;
    if (shape === 'one') {
      const [id, type, openDoc] = rest;
      return `${into}
      SELECT ${id}::text, ${projectKey}::text, NULL, 1, ${createdAt}::timestamptz, ${createdAt}::timestamptz,
        (${openDoc}::text || s.message_seq || '}')::jsonb, ${resourceId}::text, s.message_seq, ${type}::text,
        ${expiresAt}::timestamptz
      FROM ${source} AS s`;
    }
    const [docs] = rest;
    const sequence = `(s.message_seq - jsonb_array_length(${docs}::jsonb) + m.i)::int`;
    return `${into}
      SELECT m.doc->>'id', ${projectKey}::text, NULL, 1, ${createdAt}::timestamptz, ${createdAt}::timestamptz,
        m.doc || jsonb_build_object('sequenceNumber', ${sequence}), ${resourceId}::text, ${sequence},
        m.doc->>'type', ${expiresAt}::timestamptz
      FROM ${source} AS s, jsonb_array_elements(${docs}::jsonb) WITH ORDINALITY AS m(doc, i)`;
  }

  /**
   * `append`'s one statement: advances the resource row's counter by `$1` and inserts the Messages numbered
   * from it. The INSERT's own parameters follow from `$2`, its project key (`$2`) and resource id (`$4`)
   * naming the row.
   */
  private appendSql(resourceTable: string, shape: RowsShape): string {
    return `WITH counter AS (
        UPDATE ${resourceTable} SET message_seq = message_seq + $1::int
        WHERE project_key = $2::text AND id = $4::text RETURNING message_seq)
      ${this.insertSql(shape, 2, 'counter')} RETURNING 1`;
  }

  /**
   * Reads the project's messages configuration first, so that writing needs no other service while the
   * transaction is open.
   */
  async writer(ctx: RequestContext): Promise<MessageWriter> {
    const project = await this.settings.get(ctx);
    const retentionDays = project.messages.deleteDaysAfterCreation ?? DEFAULT_RETENTION_DAYS;
    const rowsOf = (subject: MessageSubject, payloads: MessagePayload[]) =>
      project.messages.enabled && payloads.length > 0
        ? this.rows(ctx, subject, payloads, retentionDays)
        : undefined;
    return {
      append: async (tx, subject, payloads) => {
        const rows = rowsOf(subject, payloads);
        if (!rows) return;
        const name = `${this.appendName}_${rows.shape}_${statementNameFor(subject.table, 'seq')}`;
        const inserted = await preparedQuery(tx, name, this.appendSql(subject.table, rows.shape), [
          payloads.length,
          ...rows.values,
        ]);
        // No row to number them from: a concurrent delete removed the resource after the caller read it (two
        // deletes of one version race on the row's lock; the loser finds it gone). That is the caller's answer.
        if (inserted.length !== payloads.length) throw Errors.resourceNotFound({ id: subject.id });
      },
      followUp: (subject, payloads) => {
        const rows = rowsOf(subject, payloads);
        if (!rows) return undefined;
        return {
          name: `${this.appendName}_${rows.shape}`,
          takes: payloads.length,
          sql: (first, written) => this.insertSql(rows.shape, first, written),
          values: rows.values,
        };
      },
    };
  }

  /** The parameters of `insertSql`: the Messages without their sequence numbers, which the INSERT adds. */
  private rows(
    ctx: RequestContext,
    subject: MessageSubject,
    payloads: MessagePayload[],
    retentionDays: number,
  ): MessageRows {
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
    const head = [ctx.projectKey, createdAt, subject.id, expiresAt];
    if (messages.length > 1) return { shape: 'many', values: [...head, JSON.stringify(messages)] };
    const [message] = messages;
    // `{...}` less its `}`: the INSERT appends the number and the brace (a Message always has fields).
    const open = `${JSON.stringify(message).slice(0, -1)},"sequenceNumber":`;
    return { shape: 'one', values: [...head, message.id, message.type, open] };
  }
}
