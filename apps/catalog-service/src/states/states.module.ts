import { Subjects } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { STATE_ENGINE, defineState } from './state.definition.js';

@Module({
  controllers: [resourceRpcController(Subjects.catalog.state, STATE_ENGINE)],
  providers: [engineProvider(STATE_ENGINE, () => defineState())],
})
export class StatesModule {}
