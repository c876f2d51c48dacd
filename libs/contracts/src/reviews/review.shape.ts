import { boolean, custom, integer, key, optional, reference, resource, string } from '../shapes/shape.js';

/** PSDK `Review`: a rating and text about a Product or a Channel, in a ReviewState. */
export const ReviewShape = resource('Review', {
  key: optional(key()),
  uniquenessValue: optional(string()),
  locale: optional(string({ graphql: 'Locale' })),
  authorName: optional(string()),
  title: optional(string()),
  text: optional(string()),
  target: optional(reference('product', 'channel')),
  /** True without a State, or in a State with the role `ReviewIncludedInStatistics`. */
  includedInStatistics: boolean(),
  rating: optional(integer()),
  state: optional(reference('state')),
  customer: optional(reference('customer')),
  custom: optional(custom()),
});
