import { runService } from '@commerce/service-kit';
import { catalogServiceApp } from './app.js';

await runService(catalogServiceApp);
