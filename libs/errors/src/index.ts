export * from './codes.js';
export * from './api-error.js';
export * from './factories.js';
export * from './unique-violation.js';
export * from './cart-errors.js';
