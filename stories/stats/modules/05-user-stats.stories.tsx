import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 5: 用户统计. */
const meta = { title: "Stats/Dashboard modules/05 用户统计" } satisfies Meta;
export default meta;

const stories = moduleStories(5);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
