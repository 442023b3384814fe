import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import fs from "node:fs";
import path from "node:path";
import { createNodeResolver, importX } from "eslint-plugin-import-x";

const root = import.meta.dirname;

/**
 * One feature never reaches into another's internals (issue 17 item 6): inside each folder that
 * holds features, a feature may import its own files and another feature's `index.ts` only.
 */
const featureFolders = ["server/features", "src/features"];
const featureWalls = featureFolders.flatMap((folder) => {
  const dir = path.join(root, folder);
  const features = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
  return features.map((feature) => ({
    target: `./${folder}/${feature}`,
    from: `./${folder}`,
    except: [`./${feature}`, "./index.ts", ...features.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
    message: `${folder}/${feature} may use another feature only through its index.ts.`,
  }));
});
const importSettings = {
  "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
  // Only the project's own files are walked: a package cannot import back into it.
  "import-x/extensions": [".ts", ".tsx", ".js"],
};

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
    // The walls of the client (docs/architecture.md, "The walls"): no import cycles, lazy `import()`
    // included, since a cycle through a lazy chunk still makes module order matter. Type-only
    // imports vanish at build time and are not counted.
    files: ["src/**/*.{ts,tsx}", "resources/**/*.ts", "providers/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // The engine is handed its bespoke parts through src/engine/registry, never reaches for them.
      // Checked on resolved paths, so a lazy import() is caught as well as a static one.
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./src/engine",
              from: ["./src/features", "./src/app"],
              message: "src/engine never imports src/features or src/app: register the part from its own area (src/engine/registry).",
            },
            ...featureWalls.filter((zone) => zone.target.startsWith("./src/")),
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: root, zones: featureWalls.filter((zone) => zone.target.startsWith("./server/")) }] },
  },
  {
    // Imports go one way: schemas <- resources <- providers <- src; server never reads src or providers.
    files: ["server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/src/**", "**/providers/**"] }] },
  },
  {
    // One registration path (issue 17 item 1): the engine registers every route from a declaration.
    // The few that cannot be calls (a WebSocket, a tus upload, a frame's wildcard pages) say so where
    // they are registered and are listed with their reasons in tests/kernel/server/registration.test.ts.
    files: ["server/**/*.ts"],
    ignores: ["server/engine/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name=/^(app|scope|instance|fastify)$/][callee.property.name=/^(get|post|put|patch|delete|head|options|all|route)$/]",
          message: "Declare the call (resources/<feature>/calls.ts) and give its handler to the engine; a route that cannot be a call is a listed exception.",
        },
      ],
    },
  },
  {
    files: ["resources/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/src/**", "**/providers/**", "**/server/**", "react", "antd"] }] },
  },
  {
    files: ["providers/**/*.ts", "providers/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/src/**", "**/server/**"] }] },
  },
  {
    // antd's icons name themselves in English; src/components/icons.tsx makes them decorative.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/components/icons.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@ant-design/icons", message: "Import icons from src/components/icons: they are decorative there, not named in English." }] }],
    },
  },
  { files: ["scripts/**/*.mjs", "tests/*/e2e/**/*.mjs"], languageOptions: { globals: globals.node } },
  // The sandbox pages' scripts (the open platform's, the payment provider's) run in the browser, served as files by the server.
  { files: ["server/open-platform/**/*.js", "server/pay-sandbox/**/*.js"], languageOptions: { globals: globals.browser } },
);
