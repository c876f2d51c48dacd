export * from './database.js';
export * from './document.entity.js';
export * from './document-table.js';
export * from './queryable.js';
export * from './prepared.js';
