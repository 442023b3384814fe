import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 8: 回放并发. */
const meta = { title: "Stats/Dashboard modules/08 回放并发" } satisfies Meta;
export default meta;

const stories = moduleStories(8);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
