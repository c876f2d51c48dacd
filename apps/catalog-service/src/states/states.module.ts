import { engineProvider } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { STATE_ENGINE, defineState } from './state.definition.js';
import { StatesController } from './states.controller.js';

@Module({
  controllers: [StatesController],
  providers: [engineProvider(STATE_ENGINE, () => defineState())],
})
export class StatesModule {}
