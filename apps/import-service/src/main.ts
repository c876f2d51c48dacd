import { runService } from '@commerce/service-kit';
import { importServiceApp } from './app.js';

await runService(importServiceApp);
