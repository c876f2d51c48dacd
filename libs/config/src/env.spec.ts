import { ConfigError, env, loadConfig } from './env.js';

describe(loadConfig.name, () => {
  const shape = {
    PORT: env.int(1, 65535, 8080),
    NATS_URL: env.url(['nats:']),
    DEBUG: env.bool(false),
    KEY: env.pattern(/^[a-z]+$/, 'lower-case letters', 'demo'),
  };

  it('applies defaults and parses values', () => {
    expect(loadConfig(shape, { PORT: '9000', DEBUG: 'true' })).toEqual({
      PORT: 9000,
      NATS_URL: undefined,
      DEBUG: true,
      KEY: 'demo',
    });
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig(shape, { PORT: '80a', NATS_URL: 'http://x', DEBUG: 'yes', KEY: 'A' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'NATS_URL', 'DEBUG', 'KEY']) expect(message).toContain(name);
  });

  it('rejects a required variable that is missing', () => {
    expect(() => loadConfig({ X: env.string() }, {})).toThrow('X is required but not set.');
  });
});
