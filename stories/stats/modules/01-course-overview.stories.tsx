import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 1: 课程概况. */
const meta = { title: "Stats/Dashboard modules/01 课程概况" } satisfies Meta;
export default meta;

const stories = moduleStories(1);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
