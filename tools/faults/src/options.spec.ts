import { parseOptions } from './options.js';

describe(parseOptions.name, () => {
  it('soaks five minutes at 25 requests a second by default and writes the report', () => {
    expect(parseOptions([])).toEqual({ soakSeconds: 300, rate: 25, write: true });
  });

  it('reads --soak-seconds in both forms, --rate and --no-write', () => {
    expect(parseOptions(['--soak-seconds', '30', '--rate=10', '--no-write'])).toEqual({
      soakSeconds: 30,
      rate: 10,
      write: false,
    });
  });

  it('refuses unknown options and bad numbers', () => {
    expect(() => parseOptions(['--soak'])).toThrow(/unknown option/);
    expect(() => parseOptions(['--soak-seconds', '-1'])).toThrow(/whole number/);
  });
});
