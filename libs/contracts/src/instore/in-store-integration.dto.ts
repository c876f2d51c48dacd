import { IsOptional, IsString, Length, Matches } from 'class-validator';

/**
 * `PUT /{projectKey}/in-store-integration`. The URL must be one an outbound call may reach (checked by the
 * owning service against the outbound policy). `callbackApiKey` is required the first time; left out later,
 * the stored key is kept.
 */
export class InStoreIntegrationDraftDto {
  @IsString()
  @Length(1, 2048)
  tokenRetrievalUrl: string;

  @IsOptional()
  @IsString()
  @Length(16, 512, { message: 'callbackApiKey must be 16 to 512 characters.' })
  @Matches(/^[\x21-\x7e]+$/, { message: 'callbackApiKey must be printable ASCII without spaces.' })
  callbackApiKey?: string;
}
