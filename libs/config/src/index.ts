export * from './env.js';
export * from './common.js';
export * from './node-options.js';
export * from './startup-memory.js';
