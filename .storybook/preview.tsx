import type { Decorator, Preview } from "@storybook/react-vite";
import { ConfigProvider } from "antd";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { MemoryRouter } from "react-router-dom";
import { ConsoleRefine } from "../src/app/console-app";
import "../src/app/global.css";
import { antdConfig } from "../src/lib/antd-config";
import { PageLocationBridge } from "../stories/support/page-location";
import type { ScreenParameters } from "../stories/support/screen-parameters";
import { stageScreen } from "../stories/support/stage-screen";

dayjs.locale("zh-cn");

/** The app's Chinese antd, a memory router starting at the story's `initialEntries`, and the console's Refine. */
const withScreen: Decorator = (Story, { id, parameters }) => (
  <ConfigProvider {...antdConfig}>
    <MemoryRouter
      key={id}
      initialEntries={(parameters as ScreenParameters).initialEntries ?? ["/"]}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      <PageLocationBridge />
      {/* Pages read through Refine's hooks (the console's providers); a story's own Refine still wins inside. */}
      <ConsoleRefine>
        <Story />
      </ConsoleRefine>
    </MemoryRouter>
  </ConfigProvider>
);

const preview: Preview = {
  parameters: {
    // Screens fill the frame as they fill the browser window.
    layout: "fullscreen",
  },
  decorators: [withScreen],
  // Each story brings its own answers (parameters.api); nothing reaches a real server.
  beforeEach: ({ parameters }) => stageScreen(parameters as ScreenParameters),
};

export default preview;
