import { StoresInitial1763700000000 } from './1763700000000-stores-initial.js';

export const storesMigrations = [StoresInitial1763700000000];
