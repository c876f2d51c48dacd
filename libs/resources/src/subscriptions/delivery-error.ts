import type { Notification } from './notifications.js';

/**
 * A delivery that failed: `configuration` when the destination refuses it (bad address, credentials,
 * missing topic; the live API's ConfigurationError), `temporary` when it may work later.
 */
export class DeliveryError extends Error {
  constructor(
    readonly kind: 'configuration' | 'temporary',
    message: string,
  ) {
    super(message);
  }
}

/** Sends one notification; resolves once the destination accepted it. */
export interface NotificationSender {
  send(notification: Notification): Promise<void>;
  close(): Promise<void>;
}

/** The header (or attribute, application property) each delivery carries its id in. */
export const DELIVERY_ID_HEADER = 'x-commerce-delivery-id';
