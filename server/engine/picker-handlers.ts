import type { FastifyRequest } from "fastify";
import type { PickerPage } from "../services/course-students";
import type { Handler } from "./calls";
import type { Db } from "../db/database";
import { orgScope, type OrgScope } from "./org-scope";
import { ok } from "../plugins/envelope";

/** A pane's query as validated: the page, the key, and the owner under the pane's own name. */
export type PickerPaneQuery = PickerPage & Record<string, unknown>;
type Rows = Promise<{ rows: unknown[]; total: number }>;

/** What tells one owner's student picker (a course's, a live's) from another: its queries and writes. */
export interface PickerStore {
  /** The owner's id as the add and remove calls name it (`courseid`, `liveid`). */
  ownerParam: string;
  unadded: (scope: OrgScope, query: PickerPaneQuery) => Rows;
  added: (scope: OrgScope, query: PickerPaneQuery) => Rows;
  add: (scope: OrgScope, ownerId: number, userId: number) => Promise<unknown>;
  remove: (scope: OrgScope, ownerId: number, userId: number) => Promise<unknown>;
}

/**
 * The calls of a two-pane student picker (1 §2.5 学员管理, 2 §2 添加学员): each pane's page (its
 * search variant the same handler, `key` narrowing it) with the count, and 添加 (a body) and 移除
 * (a query) of one student, in the session's organisation scope.
 */
export function pickerHandlers(db: Db, store: PickerStore) {
  const page = (read: PickerStore["unadded"]): Handler => async (request: FastifyRequest) => {
    const { rows, total } = await read(orgScope(request, db), request.query as PickerPaneQuery);
    return ok(rows, { count: total });
  };
  const write = (change: PickerStore["add"], from: "body" | "query", msg: string): Handler => async (request: FastifyRequest) => {
    const sent = request[from] as Record<string, number>;
    await change(orgScope(request, db), sent[store.ownerParam], sent.userid);
    return ok(null, { msg });
  };
  const unadded = page(store.unadded);
  const added = page(store.added);
  return {
    unaddedStudents: unadded,
    unaddedStudentsSearch: unadded,
    students: added,
    studentsSearch: added,
    addStudent: write(store.add, "body", "添加成功"),
    removeStudent: write(store.remove, "query", "删除成功"),
  };
}
