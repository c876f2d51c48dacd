export * from './config.js';
export * from './logger.js';
export * from './validation.js';
export * from './health.js';
export * from './service-kit.module.js';
export * from './bootstrap.js';
export * from './migrate-only.js';
export * from './periodic.js';
