import { jsonTextOf, parseJsonText } from '@commerce/contracts';
import { serializeDocument } from '@commerce/persistence';
import { RecentWrites } from './recent-writes.js';

interface Doc {
  id: string;
  key?: string;
  version: number;
  createdAt: string;
  lastModifiedAt: string;
  name: string;
}

const doc = (version: number, key?: string): Doc => ({
  id: 'a',
  key,
  version,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
  name: `v${version}`,
});

describe(RecentWrites.name, () => {
  it('finds a remembered document by id or key only at the version remembered', () => {
    const recent = new RecentWrites<Doc>();
    recent.remember('p', doc(3, 'k'));
    expect(recent.at('p', { id: 'a' }, 3)).toEqual(doc(3, 'k'));
    expect(recent.at('p', { key: 'k' }, 3)).toEqual(doc(3, 'k'));
    expect(recent.at('p', { id: 'a' }, 2)).toBeUndefined();
    expect(recent.at('p', { key: 'k' }, 4)).toBeUndefined();
  });

  it('keeps the text a document was stored as, and gives copies that remember it', () => {
    const recent = new RecentWrites<Doc>();
    const written = doc(1);
    const text = serializeDocument(written);
    recent.remember('p', written);
    const copy = recent.at('p', { id: 'a' }, 1);
    expect(copy).toEqual(JSON.parse(text));
    expect(copy).not.toBe(written);
    expect(jsonTextOf(copy)).toBe(text);
    // A read's text (PostgreSQL's, spaced) is kept as it is, not serialized again.
    const read = parseJsonText<Doc>('{"id": "b", "version": 2, "createdAt": "t", "lastModifiedAt": "t"}');
    recent.remember('p', read);
    expect(jsonTextOf(recent.at('p', { id: 'b' }, 2))).toBe(
      '{"id": "b", "version": 2, "createdAt": "t", "lastModifiedAt": "t"}',
    );
  });

  it('keeps projects apart', () => {
    const recent = new RecentWrites<Doc>();
    recent.remember('p', doc(1, 'k'));
    expect(recent.at('q', { id: 'a' }, 1)).toBeUndefined();
    expect(recent.at('q', { key: 'k' }, 1)).toBeUndefined();
  });

  it('does not answer for a key the document no longer has', () => {
    const recent = new RecentWrites<Doc>();
    recent.remember('p', doc(1, 'old'));
    recent.remember('p', doc(2, 'new'));
    expect(recent.at('p', { key: 'old' }, 2)).toBeUndefined();
    expect(recent.at('p', { key: 'new' }, 2)).toEqual(doc(2, 'new'));
  });

  it('hands out copies', () => {
    const recent = new RecentWrites<Doc>();
    recent.remember('p', doc(1));
    const copy = recent.at('p', { id: 'a' }, 1)!;
    copy.name = 'changed';
    expect(recent.at('p', { id: 'a' }, 1)!.name).toBe('v1');
  });

  it('forgets, and holds at most its bound', () => {
    const recent = new RecentWrites<Doc>(2);
    recent.remember('p', doc(1, 'k'));
    recent.forget('p', { id: 'a', key: 'k' });
    expect(recent.at('p', { id: 'a' }, 1)).toBeUndefined();
    for (const id of ['x', 'y', 'z']) recent.remember('p', { ...doc(1), id });
    expect(recent.at('p', { id: 'x' }, 1)).toBeUndefined();
    expect(recent.at('p', { id: 'z' }, 1)).toMatchObject({ id: 'z' });
  });
});
