export * from './scopes.js';
export * from './known-scopes.js';
export * from './operation-scopes.js';
export * from './public.decorator.js';
export * from './operation.decorator.js';
export * from './endpoint-segments.js';
