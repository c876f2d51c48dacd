import { ShoppingListShape, type ShoppingList } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const shoppingListsTable = new DocumentTable<ShoppingList>(
  '"checkout"."shopping_lists"',
  querySchemaOf(ShoppingListShape),
);
