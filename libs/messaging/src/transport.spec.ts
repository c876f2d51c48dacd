import { natsServerOptions } from './transport.js';

describe(natsServerOptions.name, () => {
  it('moves the credentials of the URL into user and pass', () => {
    expect(natsServerOptions('tls://api-gateway:p%40ss%2Fword@nats.commerce.svc:4222')).toEqual({
      servers: ['tls://nats.commerce.svc:4222'],
      user: 'api-gateway',
      pass: 'p@ss/word',
    });
  });

  it('leaves a URL without credentials as it is', () => {
    expect(natsServerOptions('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
  });
});
