export * from './embedded-database.js';
export * from './free-port.js';
export * from './internals/exit-hook.js';
