import { ApiError } from '@commerce/errors';

/** Runs `action`: it may succeed or throw an ApiError 400, and nothing else. */
export function succeedsOr400(action: () => unknown): boolean {
  try {
    action();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.code === 'InvalidInput') return true;
    throw error;
  }
}
