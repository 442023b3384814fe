import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 3: 账户概况. */
const meta = { title: "Stats/Dashboard modules/03 账户概况" } satisfies Meta;
export default meta;

const stories = moduleStories(3);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
