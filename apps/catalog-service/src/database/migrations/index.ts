import { CatalogInitial1763700000000 } from './1763700000000-catalog-initial.js';

export const catalogMigrations = [CatalogInitial1763700000000];
