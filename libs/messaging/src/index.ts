export * from './transport.js';
export * from './rpc-client.js';
export * from './event-bus.js';
export * from './rpc-exception.filter.js';
export * from './messaging.module.js';
export * from './in-process.js';
export * from './nats-lean.js';
export * from './in-flight.js';
