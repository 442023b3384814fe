import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 2: 今日直播. */
const meta = { title: "Stats/Dashboard modules/02 今日直播" } satisfies Meta;
export default meta;

const stories = moduleStories(2);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
