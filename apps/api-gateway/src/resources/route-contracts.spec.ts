import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const packageDir = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(packageDir, 'test-fixtures/route-contracts');
const tsc = path.resolve(packageDir, '../../node_modules/typescript/bin/tsc');

/** Compiles one fixture with `tsc --noEmit`: its exit code and its error lines. */
async function compile(name: string): Promise<{ code: number; errors: string[]; output: string }> {
  const project = path.join(fixtures, `tsconfig.${name}.json`);
  const result = await run(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', 'false'], {
    cwd: packageDir,
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  const errors = result.stdout.split('\n').filter((line) => /^\S.*: error TS\d+:/.test(line));
  return { code: result.code, errors, output: result.stdout };
}

/** The `// expect-error TSxxxx` marks of a fixture, as `line TSxxxx`. */
function expectedErrors(file: string): string[] {
  return readFileSync(path.join(fixtures, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => {
      const mark = /\/\/ expect-error (TS\d+)/.exec(line);
      return mark ? [`${index + 1} ${mark[1]}`] : [];
    });
}

describe('the REST routes of described resources at compile time', () => {
  it('refuse a descriptor whose subject does not take what its route sends or answers otherwise', async () => {
    const { code, errors, output } = await compile('mismatch');
    expect(code).not.toBe(0);
    const found = errors.map((line) => {
      const [, at, tsCode] = /^.*mismatch\.ts\((\d+),\d+\): error (TS\d+):/.exec(line) ?? [];
      return `${at} ${tsCode}`;
    });
    expect(found.sort()).toEqual(expectedErrors('mismatch.ts').sort());
    expect(output).toContain('SubjectAccepting<Rpc<{ draft: unknown; } & CreateExtras>');
    expect(output).toContain('PagedQueryResponse<unknown>');
  });

  it("compile every descriptor's routes", async () => {
    await expect(compile('match')).resolves.toMatchObject({ code: 0, errors: [] });
  });
});
