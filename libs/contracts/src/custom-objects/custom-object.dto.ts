import { Opaque } from '../dto-transform.js';
import { IsDefined, IsInt, IsOptional, IsString, Length, Matches, Min } from 'class-validator';

/** The live API's pattern of a Custom Object's container and key (docs: CustomObject). */
export const CUSTOM_OBJECT_NAME_PATTERN = /^[-_~.a-zA-Z0-9]+$/;

export class CustomObjectDraftDto {
  @IsString()
  @Length(1, 256)
  @Matches(CUSTOM_OBJECT_NAME_PATTERN, { message: 'container must match ^[-_~.a-zA-Z0-9]+$.' })
  container: string;

  @IsString()
  @Length(1, 256)
  @Matches(CUSTOM_OBJECT_NAME_PATTERN, { message: 'key must match ^[-_~.a-zA-Z0-9]+$.' })
  key: string;

  /** Any JSON; fields with `null` are not saved. */
  @IsDefined()
  @Opaque()
  value: unknown;

  /** Given: the stored object must be at this version (else 409). */
  @IsOptional()
  @IsInt()
  @Min(0)
  version?: number;
}
