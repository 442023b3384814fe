import decl from "../../resources/live";
import { declaredStories } from "./declared-stories";

/** 直播管理, generated from its declaration (resources/live.ts) by declared-stories.tsx. */
const stories = declaredStories(decl);
export default { ...stories.meta };
export const List = stories.List;
export const Empty = stories.Empty;
export const Failed = stories.Failed;
