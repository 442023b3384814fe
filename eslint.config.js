import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["dist", "storybook-static", "data", "node_modules", ".bench"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Imports go one way: schemas <- resources <- providers <- src; server never reads src or providers.
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/src/**", "**/providers/**"] }] },
  },
  {
    files: ["resources/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/src/**", "**/providers/**", "**/server/**", "react", "antd"] }] },
  },
  {
    files: ["providers/**/*.ts", "providers/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/src/**", "**/server/**"] }] },
  },
  { files: ["scripts/**/*.mjs", "tests/e2e/**/*.mjs"], languageOptions: { globals: globals.node } },
);
