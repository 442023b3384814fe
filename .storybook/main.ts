import type { StorybookConfig } from "@storybook/react-vite";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

// Storybook evaluates this file with a loader of its own that wants file extensions (and warns on
// each missing one); the declarations import each other without them, as Vite and tsc resolve, so
// they are loaded once through Vite.
let declaredModule: Promise<typeof import("../stories/resources/declared-index")> | undefined;
const declared = () =>
  (declaredModule ??= runnerImport<typeof import("../stories/resources/declared-index")>(
    fileURLToPath(new URL("../stories/resources/declared-index.ts", import.meta.url)),
    { configFile: false, logLevel: "warn" },
  ).then(({ module }) => module));

const config: StorybookConfig = {
  // Every declared resource's stories come from its declaration: Storybook indexes the list of
  // declarations itself (stories/resources/declared-index.ts), so no resource has a stories file.
  stories: ["../stories/**/*.stories.@(ts|tsx)", "../resources/index.ts"],
  experimental_indexers: async (indexers) => [(await declared()).declaredIndexer, ...(indexers ?? [])],
  // The browser loads the graphic captcha itself (an <img>, not an axios call), so stories
  // serve it as a file at the path the server answers: /cms/captcha, a PNG of the server's
  // own captcha drawing (server/adapters/captcha-image.ts) with the answer K3X9.
  staticDirs: ["../stories/support/static"],
  framework: { name: "@storybook/react-vite", options: {} },
  // The preview carries every screen and Storybook itself in one design tool; its size is
  // nobody's page weight (the app's budgets are measured on `vite build`), so don't warn.
  viteFinal: async (vite) => ({
    ...vite,
    plugins: [...(vite.plugins ?? []), (await declared()).declaredStoriesPlugin()],
    build: { ...vite.build, chunkSizeWarningLimit: 4000 },
  }),
  // An organisation console's design tool should not report usage to a third party.
  core: { disableTelemetry: true },
};

export default config;
