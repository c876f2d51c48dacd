/**
 * What the bench started (the platform with its embedded PostgreSQL and temp folder, the baseline, a
 * nats-server, a database) stopped and removed when the bench is interrupted with SIGINT or SIGTERM, as
 * it is when it ends normally. Without this, Node's default action on those signals ends the bench at
 * once and leaves all of it behind.
 */

type Cleanup = () => Promise<void>;

const pending = new Set<Cleanup>();
let installed = false;

const EXIT_CODES: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

async function cleanUpAndExit(signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
  process.stderr.write(`\n${signal}: stopping what the bench started (again to quit at once)\n`);
  // The last started first: the platform before the database and the nats-server it uses.
  for (const cleanup of [...pending].reverse()) {
    pending.delete(cleanup);
    await cleanup().catch((error: unknown) => process.stderr.write(`cleanup failed: ${String(error)}\n`));
  }
  process.exit(EXIT_CODES[signal]);
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `once`: a second signal takes Node's default action and ends the bench at once.
    process.once(signal, () => void cleanUpAndExit(signal));
  }
}

/**
 * Registers `cleanup` to run if the bench is interrupted, and returns it wrapped so that calling it (the
 * normal stop) runs it once and unregisters it.
 */
export function stopOnInterrupt(cleanup: Cleanup): Cleanup {
  install();
  let done: Promise<void> | undefined;
  const once: Cleanup = () => {
    pending.delete(once);
    return (done ??= cleanup());
  };
  pending.add(once);
  return once;
}
