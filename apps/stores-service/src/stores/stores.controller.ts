import { Subjects, type Rpc } from '@commerce/contracts';
import { parseQueryParams } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StoresService, type StoreRef } from './stores.service.js';

type RawQuery = Record<string, string | string[] | undefined>;

const subjects = Subjects.stores.store;

@Controller()
export class StoresController {
  constructor(private readonly stores: StoresService) {}

  @MessagePattern(subjects.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.stores.create(ctx, draft);
  }

  @MessagePattern(subjects.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: StoreRef }>) {
    return this.stores.get(ctx, ref);
  }

  @MessagePattern(subjects.query)
  query(@Payload() { ctx, query }: Rpc<{ query: RawQuery }>) {
    return this.stores.query(ctx, parseQueryParams(query ?? {}));
  }

  @MessagePattern(subjects.exists)
  exists(
    @Payload()
    { ctx, ref, where, vars }: Rpc<{ ref?: StoreRef; where: string[]; vars: Record<string, string[]> }>,
  ) {
    return this.stores.exists(ctx, ref, where ?? [], vars ?? {});
  }

  @MessagePattern(subjects.update)
  update(@Payload() { ctx, ref, update }: Rpc<{ ref: StoreRef; update: unknown }>) {
    return this.stores.update(ctx, ref, update);
  }

  @MessagePattern(subjects.delete)
  delete(@Payload() { ctx, ref, version }: Rpc<{ ref: StoreRef; version: number }>) {
    return this.stores.delete(ctx, ref, version);
  }
}
