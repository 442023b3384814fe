import { maxUsersProblem, type CourseType } from "../../../resources/course";

/**
 * The maximum users once the create form switches to `type` (1 §5): a type whose own default is
 * a class size (25 for types 1, 5, 6 and 18) starts from it; any other keeps the value while the
 * type allows it and otherwise takes its default (小班课 over 6 goes back to 1).
 */
export function maxUsersAfterSwitch(type: CourseType, current: number | undefined): number {
  const { default: start } = type.maxUsers;
  if (current === undefined || start > 1 || maxUsersProblem(type, current) !== null) return start;
  return current;
}

/** 1对1, 1对6: one teacher to so many students. */
export const choiceLabel = (users: number) => `1对${users}`;
