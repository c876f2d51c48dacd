import { ReviewShape, type Review } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const reviewsTable = new DocumentTable<Review>('"catalog"."reviews"', querySchemaOf(ReviewShape));
