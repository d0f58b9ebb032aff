import { fileURLToPath } from 'node:url';

// Where drizzle-kit writes the migrations (shared/drizzle). The production build
// (scripts/build-server.ts) swaps this module for one naming the copy beside the bundle.
/** The folder of SQL migrations every process applies at start. */
export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
