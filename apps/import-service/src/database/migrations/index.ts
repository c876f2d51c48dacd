import { ImportInitial1763700000000 } from './1763700000000-import-initial.js';

export const importMigrations = [ImportInitial1763700000000];
