import { Type } from '../dto-transform.js';
import {
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { KEY_PATTERN } from '../common/validators.js';
import { EVENT_SUBSCRIPTION_RESOURCE_TYPE_IDS, type EventSubscription } from './subscription.types.js';

export class MessageSubscriptionDto {
  @IsString()
  @MinLength(1)
  resourceTypeId: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  types?: string[];
}

export class ChangeSubscriptionDto {
  @IsString()
  @MinLength(1)
  resourceTypeId: string;
}

export class EventSubscriptionDto {
  @IsIn(EVENT_SUBSCRIPTION_RESOURCE_TYPE_IDS)
  resourceTypeId: EventSubscription['resourceTypeId'];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  types?: string[];
}

/** The destination and format are checked by their `type` in auth-service (unions the validators cannot express). */
export class SubscriptionDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsObject()
  destination: Record<string, unknown>;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MessageSubscriptionDto)
  messages?: MessageSubscriptionDto[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChangeSubscriptionDto)
  changes?: ChangeSubscriptionDto[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => EventSubscriptionDto)
  events?: EventSubscriptionDto[];

  @IsOptional()
  @IsObject()
  format?: Record<string, unknown>;
}

export class SubscriptionChangeDestinationAction {
  @IsObject()
  destination: Record<string, unknown>;
}

export class SubscriptionSetMessagesAction {
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MessageSubscriptionDto)
  messages?: MessageSubscriptionDto[];
}

export class SubscriptionSetChangesAction {
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChangeSubscriptionDto)
  changes?: ChangeSubscriptionDto[];
}

export class SubscriptionSetEventsAction {
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => EventSubscriptionDto)
  events?: EventSubscriptionDto[];
}

export class SubscriptionSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** SDK `SubscriptionUpdateAction`. */
export const SUBSCRIPTION_ACTIONS = {
  changeDestination: SubscriptionChangeDestinationAction,
  setMessages: SubscriptionSetMessagesAction,
  setChanges: SubscriptionSetChangesAction,
  setEvents: SubscriptionSetEventsAction,
  setKey: SubscriptionSetKeyAction,
};
