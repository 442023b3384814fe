import decl from "../../resources/emulate-template";
import { declaredStories } from "./declared-stories";

/** 仿真直播模板, generated from its declaration (resources/emulate-template.ts) by declared-stories.tsx. */
const stories = declaredStories(decl);
export default { ...stories.meta };
export const List = stories.List;
export const Empty = stories.Empty;
export const Failed = stories.Failed;
export const Create = stories.Create;
export const CreateErrors = stories.CreateErrors;
export const Edit = stories.Edit;
export const EditErrors = stories.EditErrors;
