export interface FaultOptions {
  /** Length of the soak at a fixed rate (seconds). */
  soakSeconds: number;
  /** Requests per second of the steady load. */
  rate: number;
  /** Also write the table to `.results/faults/` (git-ignored); unset: only printed. */
  write: boolean;
}

export function parseOptions(argv: string[]): FaultOptions {
  const options: FaultOptions = { soakSeconds: 300, rate: 25, write: true };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    const number = (min: number, max: number) => {
      const parsed = Number(value());
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        throw new Error(`${name} takes a whole number from ${min} to ${max}`);
      }
      return parsed;
    };
    if (name === '--soak-seconds') options.soakSeconds = number(0, 86_400);
    else if (name === '--rate') options.rate = number(1, 500);
    else if (name === '--no-write') options.write = false;
    else throw new Error(`unknown option ${name} (--soak-seconds N, --rate N, --no-write)`);
  }
  return options;
}
