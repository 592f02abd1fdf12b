import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from db/schema.ts; the server applies them at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
