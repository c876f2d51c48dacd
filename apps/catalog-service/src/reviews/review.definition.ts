import { ReviewDraftDto, type Review, type ReviewResource } from '@commerce/contracts';
import {
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import type { DataSource } from 'typeorm';
import { reviewActions } from './review-actions.js';
import { customerOf, includedInStatistics, reviewStateOf, targetOf } from './review-references.js';
import { productsOf, refreshRatingStatistics } from './review-statistics.js';
import { reviewsTable } from './reviews.table.js';

export const REVIEW_ENGINE = Symbol('REVIEW_ENGINE');

/**
 * Reviews of a Product or a Channel: a rating from -100 to 100, a ReviewState whose role decides whether the
 * Review counts in its Product's `reviewRatingStatistics`, which every committed change keeps current.
 */
export function defineReview(
  resolver: ReferenceResolver,
  db: DataSource,
): ResourceDefinition<Review, ReviewDraftDto> {
  return {
    typeId: 'review',
    table: reviewsTable,
    draft: ReviewDraftDto,
    actions: {
      ...reviewActions(resolver),
      ...customFieldActions<Review>('review', resolver),
    } satisfies DeclaredActionTable<Review, typeof ReviewResource.actions>,
    async build(draft, { ctx }) {
      const [target, state, customer, custom] = await Promise.all([
        draft.target && targetOf(resolver, ctx, draft.target),
        draft.state && reviewStateOf(resolver, ctx, draft.state),
        draft.customer && customerOf(resolver, ctx, draft.customer),
        resolveCustomFields(resolver, ctx, 'review', draft.custom),
      ]);
      return {
        ...(draft.key !== undefined ? { key: draft.key } : {}),
        ...(draft.uniquenessValue !== undefined ? { uniquenessValue: draft.uniquenessValue } : {}),
        ...(draft.locale !== undefined ? { locale: draft.locale } : {}),
        ...(draft.authorName !== undefined ? { authorName: draft.authorName } : {}),
        ...(draft.title !== undefined ? { title: draft.title } : {}),
        ...(draft.text !== undefined ? { text: draft.text } : {}),
        ...(target ? { target } : {}),
        ...(draft.rating !== undefined ? { rating: draft.rating } : {}),
        ...(state ? { state: { typeId: 'state' as const, id: state.id } } : {}),
        includedInStatistics: includedInStatistics(state),
        ...(customer ? { customer } : {}),
        ...(custom ? { custom } : {}),
      };
    },
    createdMessage: (review) => ({ type: 'ReviewCreated', review }),
    async afterCommit(review, { ctx, previous }) {
      for (const productId of productsOf(previous, review)) await refreshRatingStatistics(db, ctx, productId);
    },
  };
}
