export * from './callback-error.js';
export * from './validate-token.js';
export * from './in-store-callback-client.js';
export * from './platform-introspection.js';
