import {
  judgeNotifications,
  notificationFailure,
  renderNotificationTable,
  type Delivered,
} from './notification-ledger.js';

const message = (id: string, resourceId: string, sequenceNumber: number) => ({
  id,
  resourceId,
  sequenceNumber,
});
const delivered = (id: string, resourceId: string, sequenceNumber: number): Delivered => ({
  deliveryId: id,
  resourceId,
  sequenceNumber,
});

const expected = [message('a1', 'a', 1), message('a2', 'a', 2), message('a3', 'a', 3), message('b1', 'b', 1)];

describe(judgeNotifications.name, () => {
  it('finds nothing wrong when every Message arrived once, in order per resource, resources interleaved', () => {
    const verdict = judgeNotifications(expected, [
      delivered('a1', 'a', 1),
      delivered('b1', 'b', 1),
      delivered('a2', 'a', 2),
      delivered('a3', 'a', 3),
    ]);
    expect(verdict).toEqual({
      messages: 4,
      delivered: 4,
      lost: 0,
      duplicates: 0,
      outOfOrder: 0,
      resourcesOutOfOrder: 0,
      unknown: 0,
      lostSamples: [],
    });
    expect(notificationFailure(verdict)).toBeUndefined();
  });

  it('counts a batch delivered again after a crash as duplicates, not as disorder', () => {
    const verdict = judgeNotifications(expected, [
      delivered('a1', 'a', 1),
      delivered('a2', 'a', 2),
      // The replica died before it recorded its place: the batch comes again, then the rest.
      delivered('a1', 'a', 1),
      delivered('a2', 'a', 2),
      delivered('a3', 'a', 3),
      delivered('b1', 'b', 1),
    ]);
    expect(verdict).toMatchObject({ delivered: 4, duplicates: 2, outOfOrder: 0, lost: 0 });
    expect(notificationFailure(verdict)).toBeUndefined();
  });

  it('reports a Message delivered after a later one of its resource as out of order', () => {
    const verdict = judgeNotifications(expected, [
      delivered('a1', 'a', 1),
      delivered('a3', 'a', 3),
      delivered('a2', 'a', 2),
      delivered('b1', 'b', 1),
    ]);
    expect(verdict).toMatchObject({ outOfOrder: 1, resourcesOutOfOrder: 1, lost: 0 });
    expect(notificationFailure(verdict)).toBe('1 out of order on 1 resources');
  });

  it('reports Messages never delivered as lost, and deliveries of no reported Message as unknown', () => {
    const verdict = judgeNotifications(expected, [
      delivered('a1', 'a', 1),
      delivered('a3', 'a', 3),
      delivered('ghost', 'c', 1),
    ]);
    expect(verdict).toMatchObject({ lost: 2, lostSamples: ['a2', 'b1'], unknown: 1, delivered: 3 });
    expect(notificationFailure(verdict)).toBe('2 lost (a2, b1), 1 delivered for no reported Message');
  });

  it('fails a run that had nothing to deliver: the consumer proved nothing', () => {
    expect(notificationFailure(judgeNotifications([], []))).toBe('no Message to deliver');
  });
});

describe(renderNotificationTable.name, () => {
  it('gives one row with the counts, the catch-up time and the verdict', () => {
    const ok = renderNotificationTable(
      ['store', 'order'],
      judgeNotifications(expected, [
        delivered('a1', 'a', 1),
        delivered('a1', 'a', 1),
        delivered('a2', 'a', 2),
        delivered('a3', 'a', 3),
        delivered('b1', 'b', 1),
      ]),
      1234,
    );
    expect(ok.split('\n')[2]).toBe('| Messages of store, order | 4 | 4 | 0 | 1 | 0 | 0 | 1.2 s | ok |');
    const lost = renderNotificationTable(['store'], judgeNotifications(expected, []), undefined);
    expect(lost.split('\n')[2]).toBe(
      '| Messages of store | 4 | 0 | 4 | 0 | 0 | 0 | no | **4 lost (a1, a2, a3)** |',
    );
  });
});
