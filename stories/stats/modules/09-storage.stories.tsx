import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 9: 存储统计. */
const meta = { title: "Stats/Dashboard modules/09 存储统计" } satisfies Meta;
export default meta;

const stories = moduleStories(9);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
