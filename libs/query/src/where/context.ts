import type { SqlParams } from '../sql-params.js';
import type { Variables } from './literals.js';

/** The state of one `compileWhere` call. */
export interface CompileContext {
  params: SqlParams;
  vars: Variables;
  /** Counter for the aliases of array elements (`e1`, `e2`, ...). */
  aliases: number;
  /** Whether equality may compile to JSONB containment (off only to test that both forms agree). */
  containment: boolean;
}
