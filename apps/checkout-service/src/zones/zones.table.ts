import type { Zone } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { zoneQuerySchema } from './zone.schema.js';

export const zonesTable = new DocumentTable<Zone>('"checkout"."zones"', zoneQuerySchema);
