import { createServer } from 'node:net';
import { runCli, USAGE_ERROR } from './cli-program.js';
import { localPlatformUrl } from './platform-url.js';

/** Runs the CLI in this process with `env` only; what it wrote to each stream. */
async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const written = { out: '', err: '' };
  const code = await runCli(argv, env, {
    out: (text) => (written.out += text),
    err: (text) => (written.err += text),
  });
  return { code, ...written };
}

/** A port nothing listens on: one the system just handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const credentials = { COMMERCE_ADMIN_CLIENT_ID: 'admin-id-1', COMMERCE_ADMIN_CLIENT_SECRET: 'x'.repeat(32) };

describe('npm run cli', () => {
  it.each([[['help']], [['--help']], [['-h']]])(
    '%j prints the usage with every command and exits 0',
    async (argv) => {
      const result = await cli(argv);
      expect(result).toMatchObject({ code: 0, err: '' });
      expect(result.out).toContain('Usage: npm run cli -- [options] [command]');
      expect(result.out).toMatch(/create-project \[options\]/);
      expect(result.out).toMatch(/instore/);
      expect(result.out).toContain('COMMERCE_API_URL');
    },
  );

  it("prints a command's own help, exit 0", async () => {
    for (const argv of [
      ['help', 'instore'],
      ['instore', '--help'],
      ['create-project', '--help'],
    ]) {
      const result = await cli(argv);
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/user-token \[options\] <userKey>|--key <key>/);
    }
  });

  it('names an unknown command or option, shows how to get help, and exits 2', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown).toMatchObject({ code: USAGE_ERROR, out: '' });
    expect(unknown.err).toContain("unknown command 'frobnicate'");
    expect(unknown.err).toContain('npm run cli -- help');
    const similar = await cli(['create-projet']);
    expect(similar.err).toContain('(Did you mean create-project?)');
    const option = await cli(['create-project', '--key', 'k', '--colour', 'red']);
    expect(option.code).toBe(USAGE_ERROR);
    expect(option.err).toContain("unknown option '--colour'");
    const action = await cli(['instore', 'token']);
    expect(action.code).toBe(USAGE_ERROR);
    expect(action.err).toContain("unknown command 'token'");
  });

  it('exits 2 with the usage when a command, argument or required option is missing', async () => {
    const none = await cli([]);
    expect(none.code).toBe(USAGE_ERROR);
    expect(none.err).toContain('Usage: npm run cli -- [options] [command]');
    expect((await cli(['create-project'])).err).toContain("required option '--key <key>' not specified");
    expect((await cli(['create-project'])).code).toBe(USAGE_ERROR);
    expect((await cli(['instore', 'user-token', '--store', 'berlin'])).err).toContain(
      "missing required argument 'userKey'",
    );
    expect((await cli(['instore', 'cart-token', 'c-1'])).err).toContain("'--store <storeKey>' not specified");
  });

  it('calls the platform where npm start serves (PORT), and names that URL and what to do when it is down', async () => {
    const port = await closedPort();
    const result = await cli(['create-project', '--key', 'shop-b'], { ...credentials, PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.err).toContain(`cannot reach the platform at http://127.0.0.1:${port} (ECONNREFUSED)`);
    expect(result.err).toContain('Start it with `npm start`');
    expect(result.err).not.toMatch(/^create-project failed: fetch failed$/m);
    const instore = await cli(['instore', 'show'], { ...credentials, PORT: String(port) });
    expect(instore.code).toBe(1);
    expect(instore.err).toContain(`cannot reach the platform at http://127.0.0.1:${port}`);
    const named = await cli(['instore', 'show'], {
      ...credentials,
      PORT: '1',
      COMMERCE_API_URL: `http://localhost:${port}`,
    });
    expect(named.err).toContain(`cannot reach the platform at http://localhost:${port}`);
  });

  it('refuses a PORT npm start would refuse, naming it', async () => {
    const result = await cli(['instore', 'show'], { ...credentials, PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.err).toContain('PORT');
  });
});

describe(localPlatformUrl.name, () => {
  it.each([
    [{}, 'http://127.0.0.1:8080'],
    [{ PORT: '9090' }, 'http://127.0.0.1:9090'],
    [{ HOST: '0.0.0.0', PORT: '8081' }, 'http://127.0.0.1:8081'],
    [{ HOST: '::' }, 'http://[::1]:8080'],
    [{ HOST: '::1' }, 'http://[::1]:8080'],
    [{ HOST: 'localhost', TLS_CERT_FILE: '/etc/cert.pem' }, 'https://localhost:8080'],
  ])('%j -> %s', (env, url) => expect(localPlatformUrl(env)).toBe(url));
});
