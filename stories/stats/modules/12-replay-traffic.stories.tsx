import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 12: 回放流量. */
const meta = { title: "Stats/Dashboard modules/12 回放流量" } satisfies Meta;
export default meta;

const stories = moduleStories(12);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
