import { Button, Modal, Table } from "antd";
import { useState } from "react";
import { examMessages, type ExamPaper } from "../../../resources/tools/exam";
import { defaultPageSize, pageSizes } from "../../../resources/kernel/paging";
import { useAllPapers } from "./exam-calls";
import { paperTableColumns } from "./paper-columns";

interface Props {
  open: boolean;
  token: string | null;
  /** Ids of the papers bound to the live now: they offer 取消选择. */
  bound: Set<number>;
  busy: boolean;
  onSelect: (paper: ExamPaper) => void;
  onDeselect: (paper: ExamPaper) => void;
  onClose: () => void;
}

/** 导入考试: every paper of the organisation, 10/20/50 a page, 选择 or 取消选择 by bound state (3 §2.5). */
export function PaperImportDialog({ open, token, bound, busy, onSelect, onDeselect, onClose }: Props) {
  const [place, setPlace] = useState({ page: 1, size: defaultPageSize as number });
  const list = useAllPapers(token, place.page, place.size, open);
  const columns = paperTableColumns({
    render: (_: unknown, paper: ExamPaper) =>
      bound.has(paper.paper_id) ? (
        <Button size="small" disabled={busy} onClick={() => onDeselect(paper)}>
          {examMessages.deselect}
        </Button>
      ) : (
        <Button size="small" type="primary" disabled={busy} onClick={() => onSelect(paper)}>
          {examMessages.select}
        </Button>
      ),
  });
  return (
    <Modal title={examMessages.importExam} open={open} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Table<ExamPaper>
        rowKey="paper_id"
        size="small"
        columns={columns}
        dataSource={list.papers}
        loading={list.loading}
        locale={{ emptyText: list.error ? `加载失败：${list.error.message}` : "暂无考试" }}
        pagination={{
          current: place.page,
          pageSize: place.size,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: pageSizes.map(String),
          // A new page size starts again from the first page.
          onChange: (page, size) => setPlace(size !== place.size ? { page: 1, size } : { page, size }),
        }}
      />
    </Modal>
  );
}
