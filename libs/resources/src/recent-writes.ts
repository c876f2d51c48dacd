import { jsonTextCheck, jsonTextOf, rememberJsonText, type IdOrKey } from '@commerce/contracts';
import { LRUCache } from 'lru-cache';
import type { VersionedResource } from './resource-definition.js';

/**
 * How many documents a resource type remembers per process by default. A document costs its object and its
 * JSON text: a Store's about 2.5 kB, a cart of three line items about 20 kB (2,000 carts: 40 MB).
 */
export const RECENT_WRITES_PER_TYPE = 2_000;

interface Written {
  id: string;
  key?: string;
  version: number;
  /** The committed document itself, with the JSON text it was written as (`jsonTextOf`). */
  doc: VersionedResource;
}

/**
 * The documents this process committed last, by project and id (and key), so that an update at the version
 * it just wrote need not read the document first.
 *
 * Sound because a version's content never changes: every write stores a new version, only after its
 * transaction commits is it remembered here, and the update that uses an entry is itself conditional on that
 * version. An entry that is out of date (another replica or another statement wrote since) either does not
 * match the version the client sent, or makes the conditional write match nothing; the caller then takes
 * the uncached path, which reads what is stored.
 */
export class RecentWrites<T extends VersionedResource> {
  private readonly byId: LRUCache<string, Written>;
  private readonly idByKey: LRUCache<string, string>;

  constructor(max = RECENT_WRITES_PER_TYPE) {
    // A count bound (maxSize), not `max`: lru-cache would allocate storage for `max` entries up front.
    const bound = { maxSize: max, sizeCalculation: () => 1 };
    this.byId = new LRUCache(bound);
    this.idByKey = new LRUCache(bound);
  }

  /**
   * After the commit of `doc`. The object itself is kept and handed out, not a copy: a document object never
   * changes once written or read (docs/ARCHITECTURE.md, "Persistence"), so no caller can alter what the next
   * one gets. With `COMMERCE_JSON_TEXT_CHECK=1` (every test run) the object is frozen, so a change of it throws
   * where it is made.
   */
  remember(projectKey: string, doc: T): void {
    if (jsonTextOf(doc) === undefined) rememberJsonText(doc, JSON.stringify(doc));
    if (jsonTextCheck) deepFreeze(doc);
    this.byId.set(idEntry(projectKey, doc.id), { id: doc.id, key: doc.key, version: doc.version, doc });
    if (doc.key !== undefined) this.idByKey.set(keyEntry(projectKey, doc.key), doc.id);
  }

  /** After the deletion of `doc` (or any write that leaves the entry in doubt). */
  forget(projectKey: string, doc: Pick<T, 'id' | 'key'>): void {
    this.byId.delete(idEntry(projectKey, doc.id));
    if (doc.key !== undefined) this.idByKey.delete(keyEntry(projectKey, doc.key));
  }

  /**
   * The document named by `ref`, if what this process committed last of it is at `version`: the committed
   * object itself, which callers must not change (a change builds a new object), with its JSON text.
   */
  at(projectKey: string, ref: IdOrKey, version: number): T | undefined {
    const id = 'id' in ref ? ref.id : this.idByKey.get(keyEntry(projectKey, ref.key));
    if (id === undefined) return undefined;
    const written = this.byId.get(idEntry(projectKey, id));
    if (!written || written.version !== version) return undefined;
    if ('key' in ref && written.key !== ref.key) return undefined;
    return written.doc as T;
  }
}

/** Freezes `value` and everything in it (test runs only: `remember`). */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

const idEntry = (projectKey: string, id: string): string => `${projectKey}\u0000${id}`;
const keyEntry = (projectKey: string, key: string): string => `${projectKey}\u0000${key}`;
