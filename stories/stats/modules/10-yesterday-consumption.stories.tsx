import type { Meta } from "@storybook/react-vite";
import { moduleStories } from "../support/module-stories";

/** Dashboard module 10: 昨日消费. */
const meta = { title: "Stats/Dashboard modules/10 昨日消费" } satisfies Meta;
export default meta;

const stories = moduleStories(10);
export const Data = stories.Data;
export const Empty = stories.Empty;
export const Loading = stories.Loading;
export const Refused = stories.Refused;
