import { ChannelResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CHANNEL_ENGINE, defineChannel } from './channel.definition.js';

@Module({
  controllers: [resourceRpcController(ChannelResource, CHANNEL_ENGINE)],
  providers: [
    engineProvider(CHANNEL_ENGINE, (resolver: ReferenceResolver) => defineChannel({ resolver }), [
      ReferenceResolver,
    ]),
  ],
})
export class ChannelsModule {}
