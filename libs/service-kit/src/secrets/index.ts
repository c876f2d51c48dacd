export * from './encryption-keys.js';
export * from './secret-box.js';
