import { createHash } from 'node:crypto';
import type { State } from './state.types.js';

/**
 * A stable id per project for a built-in State, so concurrent first requests insert it only once and every
 * service names it the same way before catalog-service has stored it.
 */
export function builtInStateId(projectKey: string, key: string): string {
  const hex = createHash('sha256').update(`built-in-state\u0000${projectKey}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
