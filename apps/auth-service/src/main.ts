import { runService } from '@commerce/service-kit';
import { authServiceApp } from './app.js';

await runService(authServiceApp);
