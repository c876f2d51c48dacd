/**
 * Runs `task` every `intervalMs` without keeping the process alive; a failed run goes to `onFailure` and the
 * next run comes anyway. Returns the function that stops it (call it on shutdown).
 */
export function runEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => void task().catch(onFailure), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
