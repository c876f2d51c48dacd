import { ReviewResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { REVIEW_ENGINE, defineReview } from './review.definition.js';

@Module({
  controllers: [resourceRpcController(ReviewResource, REVIEW_ENGINE)],
  providers: [
    engineProvider(
      REVIEW_ENGINE,
      (resolver: ReferenceResolver, db: DataSource) => defineReview(resolver, db),
      [ReferenceResolver, DataSource],
    ),
  ],
})
export class ReviewsModule {}
