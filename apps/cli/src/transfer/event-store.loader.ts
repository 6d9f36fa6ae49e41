/**
 * The store library, for `await import('./event-store.loader')`: loaded only by the commands that open a store.
 * A static re-export rather than `import('@app/event-store')`, because a build (`nest build`) rewrites the path
 * aliases of import and export declarations only, and `dist` must find the library without them.
 */
export { createStores, eventStoreOptionsFromEnv } from '@app/event-store';
