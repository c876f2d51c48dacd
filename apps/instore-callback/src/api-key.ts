import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether the presented X-Api-Key is the configured one, in constant time: both sides are hashed first, so
 * neither their contents nor the length of the expected key shows in the timing.
 */
export function apiKeyMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  return timingSafeEqual(digest(presented), digest(expected));
}
