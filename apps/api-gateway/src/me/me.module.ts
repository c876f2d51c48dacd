import { Module } from '@nestjs/common';
import { InStoreMeController, MeController } from './me.controller.js';

@Module({ controllers: [MeController, InStoreMeController] })
export class MeModule {}
