import js from "@eslint/js";
import globals from "globals";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const here = import.meta.dirname;
const SERVER_MODULES = "app/**/*.server.{ts,tsx}";

/**
 * The layers and what each may import (docs/architecture.md, decision 049). Checked on the
 * resolved file, so a relative path, a `~/` alias and an `import type` are caught alike. Tests
 * are left out: they may set up through any layer.
 */
const layers = [
  {
    target: "platform",
    from: ["app", "server"],
    message: "platform/ is below the domain and the wiring: it imports neither (docs/architecture.md).",
  },
  {
    target: "app",
    from: ["server"],
    message: "server/ is the wiring: app/ never imports it; move what it needs into platform/ or app/lib/server/ (docs/architecture.md).",
  },
  { target: ["app", "server", "platform", "db"], from: ["tests"], message: "Test helpers are for tests only (docs/architecture.md)." },
  {
    target: "app/lib/server",
    from: ["app/components", "app/routes"],
    message: "The domain imports no component and no route: move the shared code into app/lib (docs/architecture.md).",
  },
  {
    target: "app/components",
    from: ["app/routes", "app/lib/server", "app/router-context.ts", "app/entry.server.tsx", "platform", "db"],
    message:
      "A component imports nothing of the server, not even a type, and no route: move the shared types into app/lib (docs/architecture.md).",
  },
  {
    target: "app/components",
    from: [SERVER_MODULES],
    message: "A component imports no *.server module, not even a type (docs/architecture.md).",
  },
  {
    target: ["app/lib/*.{ts,tsx}", "app/lib/!(server)/**"],
    from: ["app/components", "app/routes", "app/lib/server", "app/router-context.ts"],
    message: "Pure app/lib imports no component, no route and nothing of app/lib/server (docs/architecture.md).",
  },
  {
    target: ["app/lib/*.{ts,tsx}", "app/lib/!(server)/**"],
    from: [SERVER_MODULES],
    message: "Pure app/lib imports no *.server module (docs/architecture.md).",
  },
  {
    target: "app/lib",
    from: ["app/content/blog/data"],
    message: "The rules live in app/lib and the articles import them, never the other way (docs/architecture.md).",
  },
  {
    target: "app/content",
    from: ["app/components", "app/routes", "app/lib/server", "platform"],
    message: "Content imports no component, no route and nothing of the server (docs/architecture.md).",
  },
  { target: "app/content", from: [SERVER_MODULES], message: "Content imports no *.server module (docs/architecture.md)." },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-e2e-*/",
      "build-audit/",
      "build-bench/",
      "build-faults/",
      "exports/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Through the package's index every icon the site uses became a dependency of the shell
      // chunk, evaluated on every page (decision 027): import each icon from its own file.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "lucide-react",
              message: 'Import the icon from its own file: import Menu from "lucide-react/icons/menu".',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "platform/**/*.{ts,mjs}", "server/**/*.ts", "db/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${here}/tsconfig.json` })] },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: here, zones: layers.flatMap(({ target, from, message }) => ({ target: [target].flat(), from, message })) },
      ],
    },
  },
);
