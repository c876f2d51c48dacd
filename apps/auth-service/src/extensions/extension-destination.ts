import type { ExtensionDestination, HttpDestinationAuthentication } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { OutboundError, checkOutboundUrl, type OutboundPolicy } from '@commerce/outbound';

/** A destination as stored: its secrets masked, and the secrets themselves apart (sealed in their own table). */
export interface SplitDestination {
  shown: ExtensionDestination;
  secrets: Record<string, string>;
}

const text = (raw: Record<string, unknown>, field: string, where: string): string => {
  const value = raw[field];
  if (typeof value !== 'string' || value.length === 0) {
    throw Errors.invalidJsonInput(`${where}.${field}: a non-empty string is required.`);
  }
  return value;
};

/**
 * How the API shows a secret: the live API masks secrets partly. The last four characters are shown for a
 * secret of at least 16 characters, nothing of a shorter one (docs/DECISIONS.md, "Extension secrets").
 */
export function maskSecret(secret: string): string {
  return secret.length >= 16 ? `****${secret.slice(-4)}` : '****';
}

function checkedUrl(url: string, policy: OutboundPolicy, where: string): string {
  try {
    checkOutboundUrl(url, policy);
  } catch (error) {
    if (error instanceof OutboundError) throw Errors.invalidInput(`${where}.url: ${error.message}`);
    throw error;
  }
  return url;
}

function authenticationOf(
  raw: unknown,
): { shown: HttpDestinationAuthentication; secret: string } | undefined {
  if (raw === undefined || raw === null) return undefined;
  const where = 'destination.authentication';
  if (typeof raw !== 'object') throw Errors.invalidJsonInput(`${where}: JSON object expected.`);
  const auth = raw as Record<string, unknown>;
  if (auth.type === 'AuthorizationHeader') {
    const secret = text(auth, 'headerValue', where);
    return { shown: { type: 'AuthorizationHeader', headerValue: maskSecret(secret) }, secret };
  }
  if (auth.type === 'AzureFunctions') {
    const secret = text(auth, 'key', where);
    return { shown: { type: 'AzureFunctions', key: maskSecret(secret) }, secret };
  }
  throw Errors.invalidJsonInput(`${where}.type: AuthorizationHeader or AzureFunctions expected.`);
}

/** Checks a destination by its `type` (SDK `ExtensionDestination`) and splits its secrets from what is shown. */
export function splitDestination(raw: Record<string, unknown>, policy: OutboundPolicy): SplitDestination {
  const where = 'destination';
  switch (raw.type) {
    case 'HTTP': {
      const url = checkedUrl(text(raw, 'url', where), policy, where);
      const auth = authenticationOf(raw.authentication);
      return auth
        ? {
            shown: { type: 'HTTP', url, authentication: auth.shown },
            secrets: { authentication: auth.secret },
          }
        : { shown: { type: 'HTTP', url }, secrets: {} };
    }
    case 'GoogleCloudFunction':
      return {
        shown: { type: 'GoogleCloudFunction', url: checkedUrl(text(raw, 'url', where), policy, where) },
        secrets: {},
      };
    case 'AWSLambda': {
      const arn = text(raw, 'arn', where);
      if (!/^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:[A-Za-z0-9_-]+(:[A-Za-z0-9_$-]+)?$/.test(arn)) {
        throw Errors.invalidInput(`${where}.arn: not the ARN of an AWS Lambda function.`);
      }
      const accessKey = text(raw, 'accessKey', where);
      const accessSecret = text(raw, 'accessSecret', where);
      return {
        shown: { type: 'AWSLambda', arn, accessKey, accessSecret: maskSecret(accessSecret) },
        secrets: { accessSecret },
      };
    }
    default:
      throw Errors.invalidJsonInput(`${where}.type: HTTP, AWSLambda or GoogleCloudFunction expected.`);
  }
}
