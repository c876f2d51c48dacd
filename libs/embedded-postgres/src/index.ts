export * from './embedded-database.js';
export * from './free-port.js';
