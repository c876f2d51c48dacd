import { basicCredentials } from './basic-credentials.js';

const basic = (text: string, scheme = 'Basic') => `${scheme} ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('basicCredentials', () => {
  it('reads an id and a secret that need no decoding as they are', () => {
    expect(basicCredentials(basic('client-1:s3cr3t_~.'))).toEqual({
      clientId: 'client-1',
      clientSecret: 's3cr3t_~.',
    });
  });

  it('form-url-decodes each part: %XX, + as a space, a colon in the secret', () => {
    expect(basicCredentials(basic('my%3Aclient:a+b%2Bc:d%C3%A9'))).toEqual({
      clientId: 'my:client',
      clientSecret: 'a b+c:dé',
    });
  });

  it('accepts the scheme in any case and surrounding whitespace', () => {
    expect(basicCredentials(`  ${basic('id:secret', 'basic')} `)).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
    });
  });

  it('refuses what is not Basic credentials', () => {
    expect(basicCredentials(undefined)).toBeUndefined();
    expect(basicCredentials('Bearer abc')).toBeUndefined();
    expect(basicCredentials('Basic not base64!')).toBeUndefined();
    expect(basicCredentials(basic('no-colon'))).toBeUndefined();
    expect(basicCredentials(basic(':secret-without-id'))).toBeUndefined();
    expect(basicCredentials(basic('id:%E0%A4%A'))).toBeUndefined();
  });
});
