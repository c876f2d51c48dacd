import { descendants, kbField, parentPid, processName } from './process-tree.js';

describe(parentPid.name, () => {
  it('reads the parent pid after the command name, even one with spaces and parentheses', () => {
    expect(parentPid('123 (node) S 45 123 123 0 -1')).toBe(45);
    expect(parentPid('77 (postgres: a (b) c) S 9 77 77 0 -1')).toBe(9);
  });
});

describe(kbField.name, () => {
  it('reads a kB field of /proc status or smaps_rollup', () => {
    const status = 'Name:\tnode\nVmRSS:\t  123456 kB\nRssAnon:\t 1 kB\n';
    expect(kbField(status, 'VmRSS')).toBe(123_456);
    expect(kbField('Rss:  10 kB\nPss:   7 kB\n', 'Pss')).toBe(7);
    expect(kbField(status, 'VmSwap')).toBeUndefined();
  });
});

describe(processName.name, () => {
  it('names a node process by its app or script, PostgreSQL by its program', () => {
    expect(processName('/usr/bin/node\0/repo/apps/stores-service/dist/main.js\0')).toBe('stores-service');
    expect(processName('node\0--enable-source-maps\0/repo/tools/platform/dist/start.js\0')).toBe(
      'dist/start.js',
    );
    expect(processName('postgres: postgres bench 127.0.0.1(5000) idle\0')).toBe('postgres');
    expect(processName('postgres: 15/main: postgres bench 127.0.0.1(39428) idle\0')).toBe('postgres');
    expect(processName('/x/bin/postgres\0-D\0/data\0')).toBe('postgres');
    expect(processName('')).toBe('?');
  });
});

describe(descendants.name, () => {
  it('walks the tree from the root and ignores other trees', () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 10],
      [13, 12],
      [20, 1],
    ]);
    expect(descendants(10, parents).sort()).toEqual([10, 11, 12, 13]);
    expect(descendants(99, parents)).toEqual([]);
  });
});
