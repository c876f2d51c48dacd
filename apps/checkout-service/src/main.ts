import { startTracing } from '@commerce/tracing';

// Tracing first, when OTEL_EXPORTER_OTLP_ENDPOINT asks for it: the PostgreSQL driver is instrumented only if
// it loads after it, so the service's modules are imported once it has started.
await startTracing('checkout-service');
const { runService } = await import('@commerce/service-kit');
const { checkoutServiceApp } = await import('./app.js');
await runService(checkoutServiceApp);
