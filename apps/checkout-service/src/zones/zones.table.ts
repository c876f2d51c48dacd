import { ZoneShape, type Zone } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const zonesTable = new DocumentTable<Zone>('"checkout"."zones"', querySchemaOf(ZoneShape));
