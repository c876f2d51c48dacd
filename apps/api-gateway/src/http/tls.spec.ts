import { ConfigError } from '@commerce/config';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tlsOptions } from './tls.js';

describe(tlsOptions.name, () => {
  it('is undefined without files: plain HTTP behind an ingress', () => {
    expect(tlsOptions({})).toBeUndefined();
  });

  it('reads both files and allows TLS 1.2 and 1.3 only', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-tls-'));
    await writeFile(path.join(dir, 'cert.pem'), 'CERT');
    await writeFile(path.join(dir, 'key.pem'), 'KEY');
    const options = tlsOptions({
      TLS_CERT_FILE: path.join(dir, 'cert.pem'),
      TLS_KEY_FILE: path.join(dir, 'key.pem'),
    });
    expect(options).toMatchObject({ minVersion: 'TLSv1.2', maxVersion: 'TLSv1.3' });
    expect(options?.cert).toEqual(Buffer.from('CERT'));
    expect(options?.key).toEqual(Buffer.from('KEY'));
  });

  it.each([{ TLS_CERT_FILE: '/x/cert.pem' }, { TLS_KEY_FILE: '/x/key.pem' }])(
    'refuses one file without the other: %j',
    (config) => {
      expect(() => tlsOptions(config)).toThrow(ConfigError);
    },
  );

  it('names the variable of a file that cannot be read', () => {
    expect(() =>
      tlsOptions({ TLS_CERT_FILE: '/no/such/cert.pem', TLS_KEY_FILE: '/no/such/key.pem' }),
    ).toThrow(/TLS_CERT_FILE cannot be read/);
  });
});
