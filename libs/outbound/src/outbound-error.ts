/** An outbound call that was refused (policy) or failed (network, timeout, answer); the message is safe to show. */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'refused' | 'timeout' | 'network' | 'response',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}
