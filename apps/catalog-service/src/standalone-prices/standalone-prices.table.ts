import { StandalonePriceShape, type StandalonePrice } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

/** Standalone prices; an index on `sku` serves price selection (`ProductDiscounts.standalonePrices`). */
export const standalonePricesTable = new DocumentTable<StandalonePrice>(
  '"catalog"."standalone_prices"',
  querySchemaOf(StandalonePriceShape),
);
