/**
 * The positional parameters of one SQL statement. `add` returns the placeholder of the value; the offset lets a
 * caller that already bound `$1..$n` (e.g. the project key) keep going from `$n+1`.
 */
export class SqlParams {
  private readonly list: unknown[] = [];
  private readonly shared = new Map<string, string>();

  constructor(private readonly offset = 0) {
    if (!Number.isInteger(offset) || offset < 0)
      throw new RangeError('SqlParams offset must be a non-negative integer');
  }

  add(value: unknown): string {
    this.list.push(value);
    return `$${this.offset + this.list.length}`;
  }

  /** Like `add`, but a string added this way before gets its placeholder back instead of a new one. */
  addShared(value: string): string {
    let placeholder = this.shared.get(value);
    if (placeholder === undefined) this.shared.set(value, (placeholder = this.add(value)));
    return placeholder;
  }

  /** The values added so far, in placeholder order (not including the first `offset` ones). */
  get values(): unknown[] {
    return [...this.list];
  }

  get size(): number {
    return this.list.length;
  }
}
