import { InsightsInitial1763700000000 } from './1763700000000-insights-initial.js';

export const insightsMigrations = [InsightsInitial1763700000000];
