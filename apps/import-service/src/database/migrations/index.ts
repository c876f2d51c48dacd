import { ImportInitial1763700000000 } from './1763700000000-import-initial.js';
import { ImportProcessing1763900000000 } from './1763900000000-import-processing.js';

export const importMigrations = [ImportInitial1763700000000, ImportProcessing1763900000000];
