import decl from "../../resources/audit-log";
import { declaredStories } from "./declared-stories";

/** 操作日志, generated from its declaration (resources/audit-log.ts) by declared-stories.tsx. */
const stories = declaredStories(decl);
export default { ...stories.meta };
export const List = stories.List;
export const Empty = stories.Empty;
export const Failed = stories.Failed;
