import type { TableColumnsType } from "antd";
import { paperColumns, type ExamPaper } from "../../../resources/tools/exam";

/** 考试名称, 创建时间, 最后修改时间 (3 §2.5), then the caller's action column. */
export const paperTableColumns = (action: TableColumnsType<ExamPaper>[number]): TableColumnsType<ExamPaper> => [
  ...paperColumns.map((c) => ({ title: c.title, dataIndex: c.field, key: c.field })),
  { title: "操作", key: "action", width: 120, ...action },
];
