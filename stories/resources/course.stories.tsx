import decl from "../../resources/course";
import { declaredStories } from "./declared-stories";

/** 课程管理, generated from its declaration (resources/course.ts) by declared-stories.tsx. */
const stories = declaredStories(decl);
export default { ...stories.meta };
export const List = stories.List;
export const Empty = stories.Empty;
export const Failed = stories.Failed;
export const Create = stories.Create;
export const CreateErrors = stories.CreateErrors;
export const Edit = stories.Edit;
export const EditErrors = stories.EditErrors;
