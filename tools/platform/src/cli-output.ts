/** Where the CLI writes: results to `out`, help and errors to `err` (help asked for goes to `out`). */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

export const processOutput: CliOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
