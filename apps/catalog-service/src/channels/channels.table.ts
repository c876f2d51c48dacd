import type { Channel } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { channelQuerySchema } from './channel.schema.js';

export const channelsTable = new DocumentTable<Channel>('"catalog"."channels"', channelQuerySchema);
