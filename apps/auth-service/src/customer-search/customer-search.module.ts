import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { CustomerSearchController } from './customer-search.controller.js';
import { CustomerSearchService } from './customer-search.service.js';

/** Customer Search over the customers' documents (`auth.customers`). */
@Module({
  imports: [ProjectsModule],
  controllers: [CustomerSearchController],
  providers: [CustomerSearchService],
})
export class CustomerSearchModule {}
