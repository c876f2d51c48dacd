import { Operation } from '@commerce/auth';
import {
  InStoreIntegrationDraftDto,
  InStoreTokenRetrievalDto,
  Subjects,
  type RequestContext,
} from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, HttpCode } from '@nestjs/common';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

/** The in-store application's integration settings, `GET|PUT|DELETE /{projectKey}/in-store-integration`. */
@Controller()
export class InStoreIntegrationController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('inStoreIntegration.get')
  get(@Ctx() ctx: RequestContext) {
    return this.rpc.send(Subjects.auth.inStoreIntegration.get, { ctx });
  }

  @Operation('inStoreIntegration.put')
  put(
    @Ctx() ctx: RequestContext,
    @Body(new DtoPipe(InStoreIntegrationDraftDto)) draft: InStoreIntegrationDraftDto,
  ) {
    return this.rpc.send(Subjects.auth.inStoreIntegration.put, { ctx, draft });
  }

  @Operation('inStoreIntegration.delete')
  delete(@Ctx() ctx: RequestContext) {
    return this.rpc.send(Subjects.auth.inStoreIntegration.delete, { ctx });
  }

  /** The platform calls the callback with the stored key, as the in-store application in a Store would. */
  @Operation('inStoreIntegration.retrieveToken')
  @HttpCode(200)
  retrieveToken(
    @Ctx() ctx: RequestContext,
    @Body(new DtoPipe(InStoreTokenRetrievalDto)) request: InStoreTokenRetrievalDto,
  ) {
    return this.rpc.send(Subjects.auth.inStoreIntegration.retrieveToken, { ctx, request });
  }
}
