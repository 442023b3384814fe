import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 7: 直播并发. */
const meta = { title: "Stats/Dashboard modules/07 直播并发" } satisfies Meta;
export default meta;

const stories = moduleStories(7);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
