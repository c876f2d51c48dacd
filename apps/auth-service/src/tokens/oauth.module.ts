import { Module } from '@nestjs/common';
import { ApiClientsModule } from '../api-clients/api-clients.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { AnonymousGrant } from './anonymous-grant.service.js';
import { ClientAuthenticator } from './client-authenticator.service.js';
import { InStoreCustomerGrant } from './in-store-customer-grant.service.js';
import { IntrospectionService } from './introspection.service.js';
import { OAuthController } from './oauth.controller.js';
import { PasswordGrant } from './password-grant.service.js';
import { RefreshGrant } from './refresh-grant.service.js';
import { RevocationService } from './revocation.service.js';
import { TokenGrantsService } from './token-grants.service.js';
import { TokensModule } from './tokens.module.js';

/** Grants, introspection and revocation: everything a client authenticates for with HTTP Basic. */
@Module({
  imports: [TokensModule, ApiClientsModule, CustomersModule],
  controllers: [OAuthController],
  providers: [
    ClientAuthenticator,
    TokenGrantsService,
    PasswordGrant,
    AnonymousGrant,
    RefreshGrant,
    InStoreCustomerGrant,
    IntrospectionService,
    RevocationService,
  ],
})
export class OAuthModule {}
