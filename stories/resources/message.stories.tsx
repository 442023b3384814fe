import decl from "../../resources/message";
import { declaredStories } from "./declared-stories";

/** 消息推送, generated from its declaration (resources/message.ts) by declared-stories.tsx. */
const stories = declaredStories(decl);
export default { ...stories.meta };
export const List = stories.List;
export const Empty = stories.Empty;
export const Failed = stories.Failed;
export const Create = stories.Create;
export const CreateErrors = stories.CreateErrors;
