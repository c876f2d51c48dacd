/** Reads and validates environment variables once at start; a bad value stops the process with its name. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export interface Spec<T> {
  read(name: string, raw: string | undefined): T;
}

function required<T>(parse: (name: string, raw: string) => T, fallback?: T): Spec<T> {
  return {
    read(name, raw) {
      if (raw === undefined || raw === '') {
        if (fallback !== undefined) return fallback;
        throw new ConfigError(`${name} is required but not set.`);
      }
      return parse(name, raw);
    },
  };
}

function optional<T>(parse: (name: string, raw: string) => T): Spec<T | undefined> {
  return { read: (name, raw) => (raw === undefined || raw === '' ? undefined : parse(name, raw)) };
}

const parsers = {
  string: (_name: string, raw: string) => raw,
  int:
    (min: number, max: number) =>
    (name: string, raw: string): number => {
      const value = Number(raw);
      if (!/^-?\d+$/.test(raw) || value < min || value > max) {
        throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got '${raw}'.`);
      }
      return value;
    },
  bool: (name: string, raw: string): boolean => {
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw new ConfigError(`${name} must be 'true' or 'false', got '${raw}'.`);
  },
  url:
    (protocols: string[]) =>
    (name: string, raw: string): string => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new ConfigError(`${name} must be a URL, got an unparsable value.`);
      }
      if (!protocols.includes(url.protocol)) {
        throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got '${url.protocol}'.`);
      }
      return raw;
    },
  pattern:
    (regex: RegExp, hint: string) =>
    (name: string, raw: string): string => {
      if (!regex.test(raw)) throw new ConfigError(`${name} must be ${hint}, got '${raw}'.`);
      return raw;
    },
  oneOf:
    <T extends string>(values: readonly T[]) =>
    (name: string, raw: string): T => {
      if (!values.includes(raw as T))
        throw new ConfigError(`${name} must be one of ${values.join(', ')}, got '${raw}'.`);
      return raw as T;
    },
};

export const env = {
  string: (fallback?: string) => required(parsers.string, fallback),
  optionalString: () => optional(parsers.string),
  int: (min: number, max: number, fallback?: number) => required(parsers.int(min, max), fallback),
  bool: (fallback?: boolean) => required(parsers.bool, fallback),
  url: (protocols: string[]) => optional(parsers.url(protocols)),
  pattern: (regex: RegExp, hint: string, fallback?: string) =>
    required(parsers.pattern(regex, hint), fallback),
  optionalPattern: (regex: RegExp, hint: string) => optional(parsers.pattern(regex, hint)),
  oneOf: <T extends string>(values: readonly T[], fallback?: T) => required(parsers.oneOf(values), fallback),
};

type Shape = Record<string, Spec<unknown>>;
export type ConfigOf<S extends Shape> = { [K in keyof S]: S[K] extends Spec<infer T> ? T : never };

/** Validates every variable of the shape and reports all problems at once. */
export function loadConfig<S extends Shape>(shape: S, source: Env = process.env): ConfigOf<S> {
  const result: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(shape)) {
    try {
      result[name] = spec.read(name, source[name]);
    } catch (error) {
      if (error instanceof ConfigError) problems.push(error.message);
      else throw error;
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return result as ConfigOf<S>;
}
