import { Module } from '@nestjs/common';
import { ImportContainersController, ImportController } from './import.controller.js';

@Module({ controllers: [ImportContainersController, ImportController] })
export class ImportModule {}
