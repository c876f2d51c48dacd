import type { Infer } from '../shapes/shape.js';
import type { ReviewShape } from './review.shape.js';
import type { ReviewRatingStatisticsShape } from '../products/product.shape.js';

/** PSDK `Review`: a rating and text about a Product or a Channel, in a ReviewState (`ReviewShape`). */
export type Review = Infer<typeof ReviewShape>;

/** PSDK `ReviewRatingStatistics` of a Product: over its Reviews included in statistics that have a rating. */
export type ReviewRatingStatistics = Infer<typeof ReviewRatingStatisticsShape>;
