import type { Cart } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { cartQuerySchema } from './cart.schema.js';

export const cartsTable = new DocumentTable<Cart>('"checkout"."carts"', cartQuerySchema);
