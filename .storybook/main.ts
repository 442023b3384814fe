import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  stories: ["../stories/**/*.stories.@(ts|tsx)"],
  // The browser loads the graphic captcha itself (an <img>, not an axios call), so stories
  // serve it as a file at the path the server answers: /cms/captcha, a PNG of the server's
  // own captcha drawing (server/adapters/captcha-image.ts) with the answer K3X9.
  staticDirs: ["../stories/support/static"],
  framework: { name: "@storybook/react-vite", options: {} },
  // The preview carries every screen and Storybook itself in one design tool; its size is
  // nobody's page weight (the app's budgets are measured on `vite build`), so don't warn.
  viteFinal: (vite) => ({ ...vite, build: { ...vite.build, chunkSizeWarningLimit: 4000 } }),
  // An organisation console's design tool should not report usage to a third party.
  core: { disableTelemetry: true },
};

export default config;
