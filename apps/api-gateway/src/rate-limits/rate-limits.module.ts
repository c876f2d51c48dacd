import { Global, Module } from '@nestjs/common';
import { GatewayRateLimits } from './gateway-rate-limits.js';

@Global()
@Module({ providers: [GatewayRateLimits], exports: [GatewayRateLimits] })
export class RateLimitsModule {}
