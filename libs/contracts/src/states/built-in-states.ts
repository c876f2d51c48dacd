import { createHash } from 'node:crypto';
import type { State } from './state.types.js';

/** The ids computed so far, by project and key (a cart change asks for its project's `Initial` each time). */
const ids = new Map<string, string>();
/** Few projects live in one process; past this many entries the memory starts again. */
const MAX_IDS = 10_000;

/**
 * A stable id per project for a built-in State, so concurrent first requests insert it only once and every
 * service names it the same way before catalog-service has stored it.
 */
export function builtInStateId(projectKey: string, key: string): string {
  const name = `built-in-state\u0000${projectKey}\u0000${key}`;
  let id = ids.get(name);
  if (id === undefined) {
    const hex = createHash('sha256').update(name).digest('hex');
    id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    if (ids.size >= MAX_IDS) ids.clear();
    ids.set(name, id);
  }
  return id;
}

/**
 * The live API's built-in initial LineItemState, present in every project (new line items start in it). It
 * has no `transitions`: an item may move from it to any LineItemState.
 */
export function initialLineItemState(projectKey: string, now = new Date().toISOString()): State {
  return {
    id: builtInStateId(projectKey, 'Initial'),
    version: 1,
    createdAt: now,
    lastModifiedAt: now,
    key: 'Initial',
    type: 'LineItemState',
    name: { en: 'Initial' },
    description: { en: 'Initial line item state' },
    initial: true,
    builtIn: true,
    roles: [],
  };
}
