import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import { toolApi, tools, type ToolDecl } from "../../resources/tools/tools";
import { FramePage as ToolFramePage } from "../../src/engine/frame-page";
import { EngineStage } from "../engine/engine-stage";
import { okEnvelope } from "../mock-api";
import { mainAdminMenu } from "../support/fixtures";
import type { ScreenParameters } from "../support/screen-parameters";

type Story = StoryObj<Meta>;

/**
 * The open platform is Storybook's own stand-in page (support/static/open-iframe-story.html): the
 * tool's sub-path lands after its `#`, so one file shows every tool with the parameters it was sent.
 */
const openPlatform = "/open-iframe-story.html#";

/** Where a tool page opens: with the parameters its declaration passes on, as another page links to it. */
const entryOf = (tool: ToolDecl) => {
  const passed = (tool.params ?? []).map((param) => `${param.name}=${param.values?.[0] ?? 42}`);
  return passed.length ? `${tool.route}?${passed.join("&")}` : tool.route;
};

function toolStory(tool: ToolDecl): Story {
  return {
    render: () => (
      <EngineStage route={tool.route}>
        <ToolFramePage tool={tool} />
      </EngineStage>
    ),
    parameters: {
      initialEntries: [entryOf(tool)],
      hosts: { openIframe: openPlatform },
      api: [
        [authApi.menu, okEnvelope(mainAdminMenu)],
        [toolApi.token, ({ body }) => okEnvelope({ token: `story-token-${String(body.tool)}`, expires_in: 1800 })],
      ],
    } satisfies ScreenParameters,
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector(`iframe[title="${tool.title}"]`)).toBeTruthy(), { timeout: 8000 });
    },
  };
}

/** One story per declared tool page (resources/tools/tools.ts), by the tool's name. */
export const toolStories: Record<string, Story> = Object.fromEntries(tools.map((tool) => [tool.name, toolStory(tool)]));
