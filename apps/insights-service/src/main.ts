import { runService } from '@commerce/service-kit';
import { insightsServiceApp } from './app.js';

await runService(insightsServiceApp);
