import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { readPublicConfig } from "./public-config";

export default defineConfig({
  define: {
    // Public configuration is fixed at build time: see app/lib/public-config.ts.
    __PUBLIC_CONFIG__: JSON.stringify(readPublicConfig()),
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
});
