import { runService } from '@commerce/service-kit';
import { storesServiceApp } from './app.js';

await runService(storesServiceApp);
