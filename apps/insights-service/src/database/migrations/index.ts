import { InsightsInitial1763700000000 } from './1763700000000-insights-initial.js';
import { InsightsExport1763900000000 } from './1763900000000-insights-export.js';

export const insightsMigrations = [InsightsInitial1763700000000, InsightsExport1763900000000];
