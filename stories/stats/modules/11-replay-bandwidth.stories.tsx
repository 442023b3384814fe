import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 11: 回放带宽. */
const meta = { title: "Stats/Dashboard modules/11 回放带宽" } satisfies Meta;
export default meta;

const stories = moduleStories(11);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
