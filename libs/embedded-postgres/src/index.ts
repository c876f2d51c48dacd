export * from './embedded-database.js';
export * from './protocol-aware-queue.js';
export * from './free-port.js';
