import { assertAddressAllowed, type OutboundPolicy } from '@commerce/outbound';
import { ChannelCredentials, credentials, type CallCredentials } from '@grpc/grpc-js';

type ConnectorArgs = Parameters<ChannelCredentials['_createSecureConnector']>;
type Connector = ReturnType<ChannelCredentials['_createSecureConnector']>;

/**
 * gRPC channel credentials that judge every connection's peer address against the outbound policy before
 * TLS starts (or before the first byte, in plain text): gRPC resolves host names itself, so the check is on
 * the address actually connected to, which DNS can not change afterwards.
 */
export class PolicyCheckedCredentials extends ChannelCredentials {
  private constructor(
    private readonly inner: ChannelCredentials,
    private readonly policy: OutboundPolicy,
  ) {
    super();
  }

  /** TLS for `https:` endpoints; plain text only for `http:`, which the policy allows only in development. */
  static forUrl(url: URL, policy: OutboundPolicy): PolicyCheckedCredentials {
    const inner = url.protocol === 'http:' ? credentials.createInsecure() : credentials.createSsl();
    return new PolicyCheckedCredentials(inner, policy);
  }

  override compose(callCredentials: CallCredentials): ChannelCredentials {
    return new PolicyCheckedCredentials(this.inner.compose(callCredentials), this.policy);
  }

  _isSecure(): boolean {
    return this.inner._isSecure();
  }

  _equals(other: ChannelCredentials): boolean {
    return other === this;
  }

  _createSecureConnector(...args: ConnectorArgs): Connector {
    const connector = this.inner._createSecureConnector(...args);
    const policy = this.policy;
    return {
      connect(socket) {
        try {
          assertAddressAllowed(socket.remoteAddress ?? '', policy);
        } catch (error) {
          socket.destroy();
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
        return connector.connect(socket);
      },
      waitForReady: () => connector.waitForReady(),
      getCallCredentials: () => connector.getCallCredentials(),
      destroy: () => connector.destroy(),
    };
  }
}
