import type { Infer } from '../shapes/shape.js';
import type { ReviewShape } from './review.shape.js';

/** PSDK `Review`: a rating and text about a Product or a Channel, in a ReviewState (`ReviewShape`). */
export type Review = Infer<typeof ReviewShape>;

/** PSDK `ReviewRatingStatistics` of a Product: over its Reviews included in statistics that have a rating. */
export interface ReviewRatingStatistics {
  averageRating: number;
  highestRating: number;
  lowestRating: number;
  count: number;
  /** Rating (as text) -> how many Reviews gave it. */
  ratingsDistribution: Record<string, number>;
}
