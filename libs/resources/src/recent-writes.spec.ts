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

  it('hands out the committed object itself, with the text it was stored as', () => {
    const recent = new RecentWrites<Doc>();
    const written = doc(1);
    const text = serializeDocument(written);
    recent.remember('p', written);
    expect(recent.at('p', { id: 'a' }, 1)).toBe(written);
    expect(jsonTextOf(recent.at('p', { id: 'a' }, 1))).toBe(text);
    // A read's text (PostgreSQL's, spaced) is kept as it is, not serialized again.
    const read = parseJsonText<Doc>('{"id": "b", "version": 2, "createdAt": "t", "lastModifiedAt": "t"}');
    recent.remember('p', read);
    expect(jsonTextOf(recent.at('p', { id: 'b' }, 2))).toBe(
      '{"id": "b", "version": 2, "createdAt": "t", "lastModifiedAt": "t"}',
    );
    // A document that came with no text gets one once, when it is remembered.
    const plain = { ...doc(3), id: 'c' };
    recent.remember('p', plain);
    expect(jsonTextOf(recent.at('p', { id: 'c' }, 3))).toBe(JSON.stringify(plain));
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

  it('freezes what it remembers in the test runs, so a change of a handed-out document throws where it is made', () => {
    expect(process.env.COMMERCE_JSON_TEXT_CHECK).toBe('1');
    const recent = new RecentWrites<Doc & { nested: { list: string[] } }>();
    recent.remember('p', { ...doc(1), nested: { list: ['x'] } });
    const handed = recent.at('p', { id: 'a' }, 1)!;
    expect(() => {
      handed.name = 'changed';
    }).toThrow(TypeError);
    expect(() => handed.nested.list.push('y')).toThrow(TypeError);
    expect(recent.at('p', { id: 'a' }, 1)).toMatchObject({ name: 'v1', nested: { list: ['x'] } });
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
