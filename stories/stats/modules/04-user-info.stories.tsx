import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 4: 用户信息. */
const meta = { title: "Stats/Dashboard modules/04 用户信息" } satisfies Meta;
export default meta;

const stories = moduleStories(4);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
