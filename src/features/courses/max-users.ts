import { maxUsersProblem, type CourseType } from "../../../resources/courses/course";

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

/**
 * What to say under a number of users: the type's ceiling (互动大班课最多100人), or, for a number
 * over it, the type rule's reason, as the server gives it. Null for a type without a ceiling.
 */
export function maxUsersLimit(type: CourseType, value: unknown): { text: string; broken: boolean } | null {
  const problem = typeof value === "number" ? maxUsersProblem(type, value) : null;
  if (problem) return { text: problem, broken: true };
  const { ceiling } = type.maxUsers;
  return ceiling === undefined ? null : { text: `${type.label}最多${ceiling}人`, broken: false };
}
