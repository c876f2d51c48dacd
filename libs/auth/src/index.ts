export * from './scopes.js';
export * from './require-scopes.decorator.js';
