import { Nested, OptionalNested } from '../common/nested.js';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { CustomFieldsDraftDto, resourceIdentifierDto } from '../common/dto.js';
import { HasIdOrKey, KEY_PATTERN } from '../common/validators.js';

export const MIN_REVIEW_RATING = -100;
export const MAX_REVIEW_RATING = 100;

/** A Review's target: a Product or a Channel, by id or key. */
export class ReviewTargetDto {
  @IsIn(['product', 'channel'], { message: "typeId must be 'product' or 'channel'." })
  typeId: 'product' | 'channel';

  @IsOptional()
  @IsString()
  id?: string;

  @IsOptional()
  @IsString()
  key?: string;

  @HasIdOrKey()
  readonly idOrKey?: never;
}

export const ReviewStateIdentifierDto = resourceIdentifierDto('state');
export const ReviewCustomerIdentifierDto = resourceIdentifierDto('customer');

class RatingDto {
  @IsOptional()
  @IsInt()
  @Min(MIN_REVIEW_RATING)
  @Max(MAX_REVIEW_RATING)
  rating?: number;
}

export class ReviewDraftDto extends RatingDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsOptional()
  @IsString()
  uniquenessValue?: string;

  @IsOptional()
  @IsString()
  locale?: string;

  @IsOptional()
  @IsString()
  authorName?: string;

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsString()
  text?: string;

  @OptionalNested(() => ReviewTargetDto)
  target?: ReviewTargetDto;

  @OptionalNested(() => ReviewStateIdentifierDto)
  state?: InstanceType<typeof ReviewStateIdentifierDto>;

  @OptionalNested(() => ReviewCustomerIdentifierDto)
  customer?: InstanceType<typeof ReviewCustomerIdentifierDto>;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;
}

export class SetReviewAuthorNameAction {
  @IsOptional()
  @IsString()
  authorName?: string;
}

export class SetReviewCustomerAction {
  @OptionalNested(() => ReviewCustomerIdentifierDto)
  customer?: InstanceType<typeof ReviewCustomerIdentifierDto>;
}

export class SetReviewKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class SetReviewLocaleAction {
  @IsOptional()
  @IsString()
  locale?: string;
}

export class SetReviewRatingAction extends RatingDto {}

export class SetReviewTargetAction {
  @Nested(() => ReviewTargetDto)
  target: ReviewTargetDto;
}

export class SetReviewTextAction {
  @IsOptional()
  @IsString()
  text?: string;
}

export class SetReviewTitleAction {
  @IsOptional()
  @IsString()
  title?: string;
}

export class TransitionReviewStateAction {
  @Nested(() => ReviewStateIdentifierDto)
  state: InstanceType<typeof ReviewStateIdentifierDto>;

  @IsOptional()
  @IsBoolean()
  force?: boolean;
}

/** The Review's update actions by name (its descriptor adds the custom-fields pair). */
export const REVIEW_ACTIONS = {
  setAuthorName: SetReviewAuthorNameAction,
  setCustomer: SetReviewCustomerAction,
  setKey: SetReviewKeyAction,
  setLocale: SetReviewLocaleAction,
  setRating: SetReviewRatingAction,
  setTarget: SetReviewTargetAction,
  setText: SetReviewTextAction,
  setTitle: SetReviewTitleAction,
  transitionState: TransitionReviewStateAction,
} as const;
