import { Global, Module } from '@nestjs/common';
import { Expander } from './expander.service.js';

@Global()
@Module({ providers: [Expander], exports: [Expander] })
export class GatewayResourcesModule {}
