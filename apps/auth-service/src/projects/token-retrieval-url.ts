import { ApiError } from '@commerce/errors';
import { OutboundError, checkOutboundUrl, type OutboundPolicy } from '@commerce/outbound';

/**
 * Checks a Token Retrieval URL before it is stored: a URL an outbound call may reach under the policy (https,
 * no credentials, no special address literal; host names are checked again on every resolved address when
 * the call is made), with no query or fragment, since the in-store application appends `/<userKey>` or
 * `/<cartId>` to its path. Returns the URL as stored (no trailing slash).
 */
export function validateTokenRetrievalUrl(raw: string, policy: OutboundPolicy): string {
  const invalid = (reason: string) =>
    new ApiError({
      code: 'InvalidField',
      message: `tokenRetrievalUrl: ${reason}`,
      field: 'tokenRetrievalUrl',
      invalidValue: raw,
    });
  let url: URL;
  try {
    url = checkOutboundUrl(raw, policy);
  } catch (error) {
    if (error instanceof OutboundError) throw invalid(error.message);
    throw error;
  }
  if (url.search || url.hash || raw.includes('?') || raw.includes('#')) {
    throw invalid('The URL must not have a query or a fragment.');
  }
  return url.toString().replace(/\/+$/, '');
}
