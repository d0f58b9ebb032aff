import { defineConfig } from 'drizzle-kit';
// Run from shared/ (npm run db:generate, at the root or here): paths are relative to it.

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
