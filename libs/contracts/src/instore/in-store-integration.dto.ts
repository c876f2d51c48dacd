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

/**
 * `POST /{projectKey}/in-store-integration/token-retrievals`: the platform calls the registered callback with
 * the stored Callback API Key, as the in-store application in `storeKey` would, for exactly one of `userKey`
 * and `cartId`.
 */
export class InStoreTokenRetrievalDto {
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,256}$/, { message: 'storeKey must be 1-256 of [A-Za-z0-9_-].' })
  storeKey: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,256}$/, { message: 'userKey must be 1-256 of [A-Za-z0-9_-].' })
  userKey?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,256}$/, { message: 'cartId must be 1-256 of [A-Za-z0-9_-].' })
  cartId?: string;
}
