import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module keeps its tables in tables.ts (system also in dict-tables.ts).
  schema: './src/modules/*/*tables.ts',
  out: './drizzle',
});
