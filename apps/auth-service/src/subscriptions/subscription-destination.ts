import type { SubscriptionDestination } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { OutboundError, checkOutboundUrl, type OutboundPolicy } from '@commerce/outbound';
import { maskSecret } from '../extensions/extension-destination.js';

/** A destination as stored: its secrets masked, and the secrets themselves apart (sealed in their own table). */
export interface SplitSubscriptionDestination {
  shown: SubscriptionDestination;
  secrets: Record<string, string>;
}

const WHERE = 'destination';

function text(raw: Record<string, unknown>, field: string): string {
  const value = raw[field];
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw Errors.invalidJsonInput(`${WHERE}.${field}: a non-empty string is required.`);
  }
  return value;
}

function optionalText(raw: Record<string, unknown>, field: string): string | undefined {
  return raw[field] === undefined || raw[field] === null ? undefined : text(raw, field);
}

function matching(value: string, pattern: RegExp, field: string, what: string): string {
  if (!pattern.test(value)) throw Errors.invalidInput(`${WHERE}.${field}: ${what}`);
  return value;
}

const AWS_REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** SQS and SNS: `Credentials` (default when keys are given) needs both keys, `IAM` none. */
function awsCredentials(raw: Record<string, unknown>): {
  shown: { authenticationMode: 'IAM' } | { accessKey: string; accessSecret: string; authenticationMode: 'Credentials' };
  secrets: Record<string, string>;
} {
  const mode = raw.authenticationMode ?? (raw.accessKey !== undefined ? 'Credentials' : 'IAM');
  if (mode !== 'Credentials' && mode !== 'IAM') {
    throw Errors.invalidJsonInput(`${WHERE}.authenticationMode: Credentials or IAM expected.`);
  }
  if (mode === 'IAM') {
    if (raw.accessKey !== undefined || raw.accessSecret !== undefined) {
      throw Errors.invalidInput(`${WHERE}: accessKey and accessSecret are only given with authenticationMode Credentials.`);
    }
    return { shown: { authenticationMode: 'IAM' as const }, secrets: {} };
  }
  const accessKey = text(raw, 'accessKey');
  const accessSecret = text(raw, 'accessSecret');
  return {
    shown: { accessKey, accessSecret: maskSecret(accessSecret), authenticationMode: 'Credentials' as const },
    secrets: { accessSecret },
  };
}

function checkedUrl(url: string, field: string, policy: OutboundPolicy): string {
  try {
    checkOutboundUrl(url, policy);
  } catch (error) {
    if (error instanceof OutboundError) throw Errors.invalidInput(`${WHERE}.${field}: ${error.message}`);
    throw error;
  }
  return url;
}

/** `SharedAccessKey=...` of an Azure connection string, masked as the live API shows it. */
function maskConnectionString(connection: string): string {
  return connection.replace(/(SharedAccessKey=)([^;]*)/i, (_all, name: string, key: string) => name + maskSecret(key));
}

/**
 * Checks a Subscription destination by its `type` (SDK `Destination`, plus `NATS` and `Webhook` for
 * self-hosting) and splits its secrets from what is shown.
 */
export function splitSubscriptionDestination(
  raw: Record<string, unknown>,
  policy: OutboundPolicy,
): SplitSubscriptionDestination {
  switch (raw.type) {
    case 'SQS': {
      const queueUrl = text(raw, 'queueUrl');
      checkedUrl(queueUrl, 'queueUrl', policy);
      const region = matching(text(raw, 'region'), AWS_REGION, 'region', 'not an AWS region.');
      const credentials = awsCredentials(raw);
      return { shown: { type: 'SQS', queueUrl, region, ...credentials.shown }, secrets: credentials.secrets };
    }
    case 'SNS': {
      const topicArn = matching(
        text(raw, 'topicArn'),
        /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/,
        'topicArn',
        'not the ARN of an AWS SNS topic.',
      );
      const credentials = awsCredentials(raw);
      return { shown: { type: 'SNS', topicArn, ...credentials.shown }, secrets: credentials.secrets };
    }
    case 'EventBridge':
      return {
        shown: {
          type: 'EventBridge',
          region: matching(text(raw, 'region'), AWS_REGION, 'region', 'not an AWS region.'),
          accountId: matching(text(raw, 'accountId'), /^\d{12}$/, 'accountId', 'an AWS account id has 12 digits.'),
          source: text(raw, 'source'),
        },
        secrets: {},
      };
    case 'EventGrid': {
      const uri = checkedUrl(text(raw, 'uri'), 'uri', policy);
      const accessKey = text(raw, 'accessKey');
      return { shown: { type: 'EventGrid', uri, accessKey: maskSecret(accessKey) }, secrets: { accessKey } };
    }
    case 'AzureServiceBus': {
      const connectionString = matching(
        text(raw, 'connectionString'),
        /^Endpoint=sb:\/\/[^;/]+\/?;SharedAccessKeyName=[^;]+;SharedAccessKey=[^;]+;EntityPath=[^;]+(;UseDevelopmentEmulator=true)?;?$/i,
        'connectionString',
        'not an Azure Service Bus connection string of a Shared Access Policy with its EntityPath (the queue or topic).',
      );
      // The emulator's plain AMQP is for development and tests, where the policy allows private addresses.
      if (/;UseDevelopmentEmulator=true/i.test(connectionString) && !policy.allowPrivate) {
        throw Errors.invalidInput(`${WHERE}.connectionString: UseDevelopmentEmulator is not allowed here.`);
      }
      checkedUrl(`https://${/^Endpoint=sb:\/\/([^;/]+)/i.exec(connectionString)![1]}`, 'connectionString', policy);
      return {
        shown: { type: 'AzureServiceBus', connectionString: maskConnectionString(connectionString) },
        secrets: { connectionString },
      };
    }
    case 'GoogleCloudPubSub':
      return {
        shown: {
          type: 'GoogleCloudPubSub',
          projectId: matching(text(raw, 'projectId'), /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'projectId', 'not a Google Cloud project id.'),
          topic: matching(text(raw, 'topic'), /^[A-Za-z][A-Za-z0-9._~%+-]{2,254}$/, 'topic', 'not a Pub/Sub topic name.'),
        },
        secrets: {},
      };
    case 'ConfluentCloud': {
      const bootstrapServer = matching(
        text(raw, 'bootstrapServer'),
        /^[A-Za-z0-9.-]+:\d{1,5}$/,
        'bootstrapServer',
        'host:port expected.',
      );
      checkedUrl(`https://${bootstrapServer}`, 'bootstrapServer', policy);
      const apiKey = text(raw, 'apiKey');
      const apiSecret = text(raw, 'apiSecret');
      const acks = matching(text(raw, 'acks'), /^(0|1|-1|all)$/, 'acks', '0, 1, -1 or all expected.');
      const key = optionalText(raw, 'key');
      return {
        shown: {
          type: 'ConfluentCloud',
          bootstrapServer,
          apiKey: maskSecret(apiKey),
          apiSecret: maskSecret(apiSecret),
          acks,
          topic: text(raw, 'topic'),
          ...(key !== undefined ? { key } : {}),
        },
        secrets: { apiKey, apiSecret },
      };
    }
    case 'NATS': {
      const subject = matching(
        text(raw, 'subject'),
        /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/,
        'subject',
        'a NATS subject of tokens separated by dots, without wildcards.',
      );
      const url = optionalText(raw, 'url');
      if (url !== undefined && !/^(nats|tls):\/\/[^/\s]+$/.test(url)) {
        throw Errors.invalidInput(`${WHERE}.url: nats://host:port or tls://host:port expected.`);
      }
      return { shown: { type: 'NATS', subject, ...(url !== undefined ? { url } : {}) }, secrets: {} };
    }
    case 'Webhook': {
      const url = checkedUrl(text(raw, 'url'), 'url', policy);
      const secret = text(raw, 'secret');
      if (secret.length < 16) throw Errors.invalidInput(`${WHERE}.secret: at least 16 characters.`);
      // Write-only: never shown, not even in part.
      return { shown: { type: 'Webhook', url, secret: '****' }, secrets: { secret } };
    }
    default:
      throw Errors.invalidJsonInput(
        `${WHERE}.type: SQS, SNS, EventBridge, EventGrid, AzureServiceBus, GoogleCloudPubSub, ConfluentCloud, NATS or Webhook expected.`,
      );
  }
}

/** The destination with its secrets put back, for the services that deliver. */
export function openedDestination(
  shown: SubscriptionDestination,
  secrets: Record<string, string> | undefined,
): SubscriptionDestination {
  return secrets ? ({ ...shown, ...secrets }) : shown;
}
