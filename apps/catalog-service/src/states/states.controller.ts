import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc, type State, type StateDraftDto } from '@commerce/contracts';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine } from '@commerce/resources';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { BuiltInStates } from './built-in-states.js';
import { STATE_ENGINE } from './state.definition.js';

const subjects = Subjects.catalog.state;

/** The RPC face of States: the engine's, after the project's built-in states are seeded. */
@Controller()
export class StatesController {
  private readonly builtIn: BuiltInStates;

  constructor(
    @Inject(STATE_ENGINE) private readonly engine: ResourceEngine<State, StateDraftDto>,
    db: DataSource,
  ) {
    this.builtIn = new BuiltInStates(db);
  }

  @Handles(subjects.create)
  async create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    await this.builtIn.ensure(ctx?.projectKey);
    return this.engine.create(ctx, draft);
  }

  @Handles(subjects.get)
  async get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    await this.builtIn.ensure(ctx?.projectKey);
    return this.engine.get(ctx, ref);
  }

  @Handles(subjects.query)
  async query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    await this.builtIn.ensure(ctx?.projectKey);
    return this.engine.query(ctx, query);
  }

  @Handles(subjects.exists)
  async exists(@Payload() { ctx, ref, query }: Rpc<{ ref?: unknown; query?: RawQuery }>) {
    await this.builtIn.ensure(ctx?.projectKey);
    return this.engine.exists(ctx, ref, query);
  }

  @Handles(subjects.update)
  async update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
    await this.builtIn.ensure(ctx?.projectKey);
    return this.engine.update(ctx, ref, update);
  }

  @Handles(subjects.delete)
  async delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version: unknown }>) {
    await this.builtIn.ensure(ctx?.projectKey);
    return this.engine.delete(ctx, ref, version);
  }
}
