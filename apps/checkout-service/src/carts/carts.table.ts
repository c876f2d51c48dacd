import { CartShape, type Cart } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const cartsTable = new DocumentTable<Cart>('"checkout"."carts"', querySchemaOf(CartShape));
