import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  stories: ["../stories/**/*.stories.@(ts|tsx)"],
  framework: { name: "@storybook/react-vite", options: {} },
  // An organisation console's design tool should not report usage to a third party.
  core: { disableTelemetry: true },
};

export default config;
