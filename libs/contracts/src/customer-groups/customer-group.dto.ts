import { OptionalNested } from '../common/nested.js';
import { IsNotEmpty, IsOptional, IsString, Length, Matches } from 'class-validator';
import { CustomFieldsDraftDto, resourceIdentifierDto } from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';

export const CustomerGroupResourceIdentifierDto = resourceIdentifierDto('customer-group');

export class CustomerGroupDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsString()
  @IsNotEmpty()
  groupName: string;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;
}

export class ChangeCustomerGroupNameAction {
  @IsString()
  @IsNotEmpty()
  name: string;
}

export class SetCustomerGroupKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** The customer group's update actions by name (its descriptor adds the custom-fields pair). */
export const CUSTOMER_GROUP_ACTIONS = {
  changeName: ChangeCustomerGroupNameAction,
  setKey: SetCustomerGroupKeyAction,
} as const;
