import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { BootstrapService } from './bootstrap.service.js';

@Module({ imports: [ProjectsModule], providers: [BootstrapService] })
export class BootstrapModule {}
