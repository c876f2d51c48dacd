import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc` function (its gc extension), as `--expose-gc` installs it. */
type CollectGarbage = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives back to the system the memory that starting the process took; call it once, when the process is
 * built and before it listens (service-kit's createService, the gateway's start).
 *
 * Starting a service loads and runs several MB of code once (modules' top levels, Nest's dependency graph,
 * the migrations) and grows V8's young generation to its cap. V8 keeps the pages it freed since in a pool
 * and the young generation at its size until its memory reducer runs, which it does only when the process
 * allocates next to nothing; a service's pollers (the message relay, the revocation feed) allocate enough
 * that it never does, so an idle service kept about 20 MB it did not use. One collection of V8's
 * "last resort" kind (what V8 itself runs when memory is short) frees those pages and the bytecode of the
 * functions that only ran at start, which V8 compiles again if they are called later. It costs 0.2-0.3 s of
 * CPU once, before the process listens (so before its first request), and takes an idle service from about
 * 135 to 115 MB RSS. Nothing else changes: the collection only frees what nothing references.
 *
 * `gc` comes from a fresh context created while `--expose-gc` is set, so no global `gc` appears in this
 * process's own context.
 */
export function releaseStartupMemory(): void {
  setFlagsFromString('--expose-gc');
  let collect: CollectGarbage;
  try {
    collect = runInNewContext('gc') as CollectGarbage;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
