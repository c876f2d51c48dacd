import {
  SetReviewAuthorNameAction,
  SetReviewCustomerAction,
  SetReviewKeyAction,
  SetReviewLocaleAction,
  SetReviewRatingAction,
  SetReviewTargetAction,
  SetReviewTextAction,
  SetReviewTitleAction,
  TransitionReviewStateAction,
  type Review,
  type State,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionHandler, type ReferenceResolver } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { statesTable } from '../states/states.table.js';
import { customerOf, includedInStatistics, reviewStateOf, targetOf } from './review-references.js';

type TextField = 'authorName' | 'locale' | 'title' | 'text' | 'key';

const setText = <A extends Partial<Record<TextField, string>>>(
  dto: new () => A,
  field: TextField,
): ActionHandler<Review> =>
  action(dto, (review: Review, values: A) => ({ resource: withOptional(review, field, values[field]) }));

const targetField = (review: Review) => (review.target ? { target: review.target } : {});

/** The Review's update actions, one small function each. */
export function reviewActions(resolver: ReferenceResolver) {
  return {
    setAuthorName: setText(SetReviewAuthorNameAction, 'authorName'),
    setKey: setText(SetReviewKeyAction, 'key'),
    setLocale: setText(SetReviewLocaleAction, 'locale'),
    setText: setText(SetReviewTextAction, 'text'),
    setTitle: setText(SetReviewTitleAction, 'title'),
    setCustomer: action(SetReviewCustomerAction, async (review: Review, { customer }, { ctx }) => ({
      resource: withOptional(
        review,
        'customer',
        customer ? await customerOf(resolver, ctx, customer) : undefined,
      ),
    })),
    setTarget: action(SetReviewTargetAction, async (review: Review, { target }, { ctx }) => ({
      resource: { ...review, target: await targetOf(resolver, ctx, target) },
    })),
    setRating: action(SetReviewRatingAction, (review: Review, { rating }) => ({
      resource: withOptional(review, 'rating', rating),
      messages: [
        {
          type: 'ReviewRatingSet',
          ...(review.rating !== undefined ? { oldRating: review.rating } : {}),
          ...(rating !== undefined ? { newRating: rating } : {}),
          includedInStatistics: review.includedInStatistics,
          ...targetField(review),
        },
      ],
    })),
    /**
     * Moves the Review to another ReviewState. Without `force` the current state must allow it (its
     * `transitions`, when it has a list), and a Review without a state may only enter an initial one.
     * `includedInStatistics` follows the new state's roles.
     */
    transitionState: action(
      TransitionReviewStateAction,
      async (review: Review, { state, force }, { ctx, db }) => {
        const next = await reviewStateOf(resolver, ctx, state);
        const current: State | undefined =
          review.state && (await statesTable.findById(db, ctx.projectKey, review.state.id));
        if (!force) {
          const allowed = current
            ? current.transitions === undefined || current.transitions.some((t) => t.id === next.id)
            : next.initial;
          if (!allowed) {
            throw Errors.invalidOperation(
              current
                ? `The transition from state '${current.key}' to '${next.key}' is not allowed.`
                : `A review without a state can only enter an initial state, and '${next.key}' is not one.`,
            );
          }
        }
        const reference = { typeId: 'state' as const, id: next.id };
        const included = includedInStatistics(next);
        return {
          resource: { ...review, state: reference, includedInStatistics: included },
          messages: [
            {
              type: 'ReviewStateTransition',
              ...(review.state ? { oldState: review.state } : {}),
              newState: reference,
              oldIncludedInStatistics: review.includedInStatistics,
              newIncludedInStatistics: included,
              ...targetField(review),
              force: force ?? false,
            },
          ],
        };
      },
    ),
  };
}
