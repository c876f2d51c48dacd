/**
 * Retries `check` until it stops throwing (an `expect` that does not hold yet) or `timeoutMs` passes, then
 * throws its last error; for what arrives asynchronously (notifications, a subscription's status).
 */
export async function untilItHolds<T>(
  check: () => T | Promise<T>,
  timeoutMs = 40_000,
  intervalMs = 150,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
