import type { BaseResource, CustomFields, Reference } from '../common/types.js';

/** PSDK `Review`: a rating and text about a Product or a Channel, in a ReviewState. */
export interface Review extends BaseResource {
  key?: string;
  uniquenessValue?: string;
  locale?: string;
  authorName?: string;
  title?: string;
  text?: string;
  target?: Reference<'product'> | Reference<'channel'>;
  /** True without a State, or in a State with the role `ReviewIncludedInStatistics`. */
  includedInStatistics: boolean;
  rating?: number;
  state?: Reference<'state'>;
  customer?: Reference<'customer'>;
  custom?: CustomFields;
}

/** PSDK `ReviewRatingStatistics` of a Product: over its Reviews included in statistics that have a rating. */
export interface ReviewRatingStatistics {
  averageRating: number;
  highestRating: number;
  lowestRating: number;
  count: number;
  /** Rating (as text) -> how many Reviews gave it. */
  ratingsDistribution: Record<string, number>;
}
