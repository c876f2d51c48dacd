import { ChannelShape, type Channel } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const channelsTable = new DocumentTable<Channel>('"catalog"."channels"', querySchemaOf(ChannelShape));
