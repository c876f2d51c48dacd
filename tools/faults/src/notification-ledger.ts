/**
 * The subscription consumer's ledger: every Message notification the webhook received, in arrival order,
 * judged at the end against the Messages the platform reports (`GET /messages`).
 */

/** One notification as it arrived. */
export interface Delivered {
  /** `x-commerce-delivery-id`: the Message id for a Message notification. */
  deliveryId: string;
  resourceId: string;
  sequenceNumber: number;
}

/** One durable Message the platform reports. */
export interface ExpectedMessage {
  id: string;
  resourceId: string;
  sequenceNumber: number;
}

export interface NotificationVerdict {
  /** Messages the platform reports for the subscribed resource types. */
  messages: number;
  /** Distinct delivery ids received. */
  delivered: number;
  /** Reported Messages never delivered. */
  lost: number;
  /** Deliveries of an id received before (at least once allows them). */
  duplicates: number;
  /**
   * First deliveries of an id whose sequence number is lower than one already delivered for the same resource:
   * a consumer that drops repeats would have seen that resource's Messages out of order.
   */
  outOfOrder: number;
  /** Resources with at least one of them. */
  resourcesOutOfOrder: number;
  /** Distinct delivery ids the platform reports no Message for (a notification of a write that did not commit). */
  unknown: number;
  /** Up to three lost Message ids, for the report. */
  lostSamples: string[];
}

/** Compares what arrived (in arrival order) with what the platform holds. */
export function judgeNotifications(
  expected: readonly ExpectedMessage[],
  received: readonly Delivered[],
): NotificationVerdict {
  const seen = new Set<string>();
  const highest = new Map<string, number>();
  const disordered = new Set<string>();
  let duplicates = 0;
  let outOfOrder = 0;
  for (const delivery of received) {
    if (seen.has(delivery.deliveryId)) {
      duplicates += 1;
      continue;
    }
    seen.add(delivery.deliveryId);
    const before = highest.get(delivery.resourceId) ?? 0;
    if (delivery.sequenceNumber < before) {
      outOfOrder += 1;
      disordered.add(delivery.resourceId);
    } else {
      highest.set(delivery.resourceId, delivery.sequenceNumber);
    }
  }
  const reported = new Set(expected.map((message) => message.id));
  const lost = expected.filter((message) => !seen.has(message.id));
  return {
    messages: reported.size,
    delivered: seen.size,
    lost: lost.length,
    duplicates,
    outOfOrder,
    resourcesOutOfOrder: disordered.size,
    unknown: [...seen].filter((id) => !reported.has(id)).length,
    lostSamples: lost.slice(0, 3).map((message) => message.id),
  };
}

/** Why the consumer's check failed (loss, disorder, notifications of nothing), or undefined. */
export function notificationFailure(verdict: NotificationVerdict): string | undefined {
  const reasons = [
    verdict.lost > 0 ? `${verdict.lost} lost (${verdict.lostSamples.join(', ')})` : undefined,
    verdict.outOfOrder > 0
      ? `${verdict.outOfOrder} out of order on ${verdict.resourcesOutOfOrder} resources`
      : undefined,
    verdict.unknown > 0 ? `${verdict.unknown} delivered for no reported Message` : undefined,
    verdict.messages === 0 ? 'no Message to deliver' : undefined,
  ].filter(Boolean);
  return reasons.length > 0 ? reasons.join(', ') : undefined;
}

/** The consumer's result as a Markdown table (one row). */
export function renderNotificationTable(
  subscribed: readonly string[],
  verdict: NotificationVerdict,
  catchUpMs: number | undefined,
): string {
  const failure = notificationFailure(verdict);
  return (
    '| subscription consumer (webhook) | Messages reported | delivered (distinct) | lost | duplicates | out of order | not reported | caught up after the load | verdict |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n' +
    `| Messages of ${subscribed.join(', ')} | ${verdict.messages} | ${verdict.delivered} | ${verdict.lost} | ` +
    `${verdict.duplicates} | ${verdict.outOfOrder} | ${verdict.unknown} | ` +
    `${catchUpMs === undefined ? 'no' : `${(catchUpMs / 1000).toFixed(1)} s`} | ${failure ? `**${failure}**` : 'ok'} |\n`
  );
}
