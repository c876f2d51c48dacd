// class-transformer ships the types of its metadata storage apart from the CommonJS file that holds it.
declare module 'class-transformer/cjs/storage.js' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage.js';
}
