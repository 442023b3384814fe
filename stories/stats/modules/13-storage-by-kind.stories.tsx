import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 13: 存储统计（分类）. */
const meta = { title: "Stats/Dashboard modules/13 存储统计（分类）" } satisfies Meta;
export default meta;

const stories = moduleStories(13);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
