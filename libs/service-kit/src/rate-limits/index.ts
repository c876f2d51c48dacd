export * from './shared-limit.js';
export * from './batched-limit.js';
