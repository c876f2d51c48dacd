import { Handles } from '@commerce/messaging';
import type { Rpc } from '@commerce/contracts';
import { messageSubjects, type MessageSource } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Controller, Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { messagesTable } from './messages-table.js';

/** Answers `<prefix>.messages.query|get` from this service's own messages table. */
export function messagesRpcController(prefix: MessageSource, schema: string): Type<unknown> {
  const subjects = messageSubjects(prefix);
  const table = messagesTable(schema);

  @Controller()
  class MessagesRpcController {
    constructor(private readonly db: DataSource) {}

    @Handles(subjects.query)
    query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
      return table.query(this.db, ctx.projectKey, parseQueryParams(query ?? {}));
    }

    @Handles(subjects.get)
    async get(@Payload() { ctx, id }: Rpc<{ id: unknown }>) {
      if (typeof id !== 'string') throw Errors.invalidInput('A message id is required.');
      return (await table.findById(this.db, ctx.projectKey, id)) ?? null;
    }
  }
  return MessagesRpcController;
}
