import { processMetrics } from '@commerce/service-kit';
import { subscriptionDeliveryMetrics as metrics } from './delivery-metrics.js';

const line = (text: string, series: string) => text.split('\n').find((l) => l.startsWith(`${series} `));

describe('subscription delivery metrics', () => {
  afterEach(() => {
    for (const id of ['a', 'b', 'c']) metrics.forget(id);
  });

  it('renders counters with _total, the lag histogram and the oldest backlog per destination type', async () => {
    metrics.delivered.inc({ destination_type: 'Webhook' }, 3);
    metrics.failures.inc({ destination_type: 'NATS', kind: 'temporary' });
    metrics.lag.observe({ destination_type: 'Webhook' }, 0.2);
    metrics.backlogOf('a', 'Webhook', 12);
    metrics.backlogOf('b', 'Webhook', 40);
    metrics.backlogOf('c', 'NATS', 0);
    const text = await processMetrics.metrics();
    expect(line(text, 'subscription_notifications_delivered_total{destination_type="Webhook"}')).toMatch(/ 3$/);
    expect(line(text, 'subscription_delivery_failures_total{destination_type="NATS",kind="temporary"}')).toMatch(/ 1$/);
    expect(line(text, 'subscription_delivery_lag_seconds_bucket{le="0.25",destination_type="Webhook"}')).toMatch(/ 1$/);
    expect(line(text, 'subscription_delivery_backlog_age_seconds{destination_type="Webhook"}')).toMatch(/ 40$/);
    expect(line(text, 'subscription_delivery_backlog_age_seconds{destination_type="NATS"}')).toMatch(/ 0$/);
    expect(text.trimEnd().endsWith('# EOF')).toBe(true);
  });

  it('forgets a Subscription that is gone, and a caught-up one no longer counts', async () => {
    metrics.backlogOf('a', 'SQS', 30);
    metrics.backlogOf('b', 'SQS', 5);
    metrics.forget('a');
    expect(line(await processMetrics.metrics(), 'subscription_delivery_backlog_age_seconds{destination_type="SQS"}')).toMatch(/ 5$/);
    metrics.backlogOf('b', 'SQS', 0);
    expect(line(await processMetrics.metrics(), 'subscription_delivery_backlog_age_seconds{destination_type="SQS"}')).toMatch(/ 0$/);
    metrics.forget('b');
    expect(line(await processMetrics.metrics(), 'subscription_delivery_backlog_age_seconds{destination_type="SQS"}')).toBeUndefined();
  });
});
