export * from './launch.js';
