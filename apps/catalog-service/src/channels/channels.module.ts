import { ChannelResource } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CHANNEL_ENGINE, defineChannel } from './channel.definition.js';

@Module({
  controllers: [resourceRpcController(ChannelResource, CHANNEL_ENGINE)],
  providers: [
    engineProvider(
      CHANNEL_ENGINE,
      (resolver: ReferenceResolver, rpc: RpcClient) => defineChannel({ resolver, rpc }),
      [ReferenceResolver, RpcClient],
    ),
  ],
})
export class ChannelsModule {}
