import { ApiError } from '@commerce/errors';
import { validateTokenRetrievalUrl } from './token-retrieval-url.js';

const strict = { allowPrivate: false };
const relaxed = { allowPrivate: true };

function reasonOf(raw: string, policy = strict): string {
  try {
    validateTokenRetrievalUrl(raw, policy);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.errors[0]).toMatchObject({
      code: 'InvalidField',
      field: 'tokenRetrievalUrl',
      invalidValue: raw,
    });
    return error.errors[0].message;
  }
  throw new Error(`${raw} was accepted`);
}

describe(validateTokenRetrievalUrl.name, () => {
  it('accepts a public https URL and drops a trailing slash', () => {
    expect(validateTokenRetrievalUrl('https://pos.example.com/tokens/', strict)).toBe(
      'https://pos.example.com/tokens',
    );
    expect(validateTokenRetrievalUrl('https://pos.example.com', strict)).toBe('https://pos.example.com');
  });

  it('refuses http: https only', () => {
    expect(reasonOf('http://pos.example.com/tokens')).toMatch(/must use https:/);
  });

  it.each([
    'https://127.0.0.1/tokens',
    'https://localhost/tokens',
    'https://10.0.0.8/tokens',
    'https://169.254.169.254/latest',
    'https://[::1]/tokens',
    'https://2130706433/tokens',
  ])('refuses the special address of %s', (raw) => {
    expect(reasonOf(raw)).toMatch(/not allowed/);
  });

  it.each(['not a url', '/relative/path', 'ftp://pos.example.com/x'])('refuses %j', (raw) => {
    expect(reasonOf(raw)).toMatch(/valid absolute URL|must use/);
  });

  it('refuses credentials, a query and a fragment', () => {
    expect(reasonOf('https://user:pw@pos.example.com/tokens')).toMatch(/credentials/);
    expect(reasonOf('https://pos.example.com/tokens?x=1')).toMatch(/query or a fragment/);
    expect(reasonOf('https://pos.example.com/tokens#x')).toMatch(/query or a fragment/);
  });

  it('allows http and loopback only when OUTBOUND_ALLOW_PRIVATE relaxes the policy', () => {
    expect(validateTokenRetrievalUrl('http://127.0.0.1:8090/tokens', relaxed)).toBe(
      'http://127.0.0.1:8090/tokens',
    );
  });
});
