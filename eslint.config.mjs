import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    rules: {
      // Flags libraries the React Compiler cannot optimise (TanStack Table and Virtual); we do not run the compiler.
      "react-hooks/incompatible-library": "off",
      // `_`-prefixed names are deliberately unused (destructuring a field away, a required parameter).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // The browser calls the API through the typed client (`callApi(<feature>Api.<name>)`): a path written out by hand
    // escapes the types of what the route takes and answers.
    files: ["components/**", "hooks/**", "app/**"],
    ignores: ["app/api/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Literal[value=/^\\/api\\//]", message: "Call the API through its typed client (callApi with lib/<feature>/api.ts), not a path." },
        {
          selector: "TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]",
          message: "Call the API through its typed client (callApi with lib/<feature>/api.ts), not a path.",
        },
      ],
    },
  },
  {
    // Components reach the database through lib/ (whose server modules say `import "server-only"`), never directly.
    files: ["components/**", "hooks/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(@/|(\\.\\./)+)db(/|$)", message: "Components get data from lib/ (or their page), not from db/." }] },
      ],
    },
  },
  {
    // db/ is the bottom layer: lib/ builds on it, never the other way round (tests may use both).
    files: ["db/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(@/|(\\.\\./)+)lib(/|$)", message: "db/ imports nothing from lib/: move the code above db/ or pass it in." }] },
      ],
    },
  },
  {
    // Test helpers named use* (useTestDatabase) are vitest fixtures, not React hooks.
    files: ["test/**", "e2e/**", "bench/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
]);
