import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-e2e-*/", "build-audit/", "build-bench/", "build-faults/", "exports/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "reports/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
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
        { paths: [{ name: "lucide-react", message: 'Import the icon from its own file: import Menu from "lucide-react/icons/menu".', allowTypeImports: true }] },
      ],
    },
  },
);
