import {
  clientLogging,
  type Message,
  type MessagePayload,
  type RequestContext,
  type UserProvidedIdentifiers,
} from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
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
  constructor(
    private readonly schema: string,
    private readonly settings: ProjectSettings,
  ) {}

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

  private async append(
    tx: Queryable,
    ctx: RequestContext,
    subject: MessageSubject,
    payloads: MessagePayload[],
    retentionDays: number,
  ): Promise<void> {
    const table = `"${this.schema}"."messages"`;
    const [{ last }] = await tx.query<Array<{ last: number }>>(
      `SELECT coalesce(max(sequence_number), 0)::int AS last FROM ${table} WHERE resource_id = $1`,
      [subject.id],
    );
    const now = new Date();
    const createdAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + retentionDays * DAY_MS);
    const logging = clientLogging(ctx.actor);
    let sequenceNumber = last;
    for (const { type, ...payload } of payloads) {
      sequenceNumber += 1;
      const message: Message = {
        id: randomUUID(),
        version: 1,
        sequenceNumber,
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
      await tx.query(
        `INSERT INTO ${table} (id, project_key, key, version, created_at, last_modified_at, doc, resource_id,
           sequence_number, type, expires_at)
         VALUES ($1, $2, NULL, 1, $3, $3, $4, $5, $6, $7, $8)`,
        [message.id, ctx.projectKey, createdAt, message, subject.id, sequenceNumber, type, expiresAt],
      );
    }
  }
}
