import { Button, Card, Modal, Result, Table } from "antd";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { examMessages, type ExamPaper } from "../../../resources/tools/exam";
import { examBinding, toolMessages } from "../../../resources/tools/tools";
import { AccessGate } from "../../engine/access-gate";
import { useBoundPapers, usePaperBinding } from "./exam-calls";
import { paperTableColumns } from "./paper-columns";
import { PaperImportDialog } from "./paper-import-dialog";
import { useToolToken } from "./use-tool-token";

/** /bindExamByLive?liveId: the exams bound to a live, and the import dialog (3 §2.5, §4). */
export function BindExamPage() {
  const [search] = useSearchParams();
  const liveId = Number(search.get("liveId"));
  return (
    <Card title={examBinding.title}>
      <AccessGate menuKey={examBinding.menuKey}>
        {Number.isInteger(liveId) && liveId > 0 ? <BoundExams liveId={liveId} /> : <Result status="warning" title={examMessages.noLive} />}
      </AccessGate>
    </Card>
  );
}

function BoundExams({ liveId }: { liveId: number }) {
  const { state, retry } = useToolToken(examBinding.name);
  const token = state.status === "ready" ? state.token : null;
  const bound = useBoundPapers(liveId, token);
  const binding = usePaperBinding(liveId, token);
  const [importing, setImporting] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const boundIds = useMemo(() => new Set(bound.papers.map((p) => p.paper_id)), [bound.papers]);

  // Each change is followed by the live's list as the exam service now has it (3 §4).
  const after = (step: Promise<unknown>) => step.then(bound.retry, bound.retry);

  const confirmDelete = (paper: ExamPaper) =>
    modal.confirm({
      title: "提示",
      content: examMessages.confirmDelete,
      okText: "确定",
      cancelText: "取消",
      onOk: () => after(binding.unbind(paper, examMessages.deleted)),
    });

  if (state.status === "failed") return <Result status="error" title={toolMessages.tokenFailed} extra={<Button onClick={retry}>重试</Button>} />;

  const columns = paperTableColumns({
    render: (_: unknown, paper: ExamPaper) => (
      <Button type="link" danger size="small" onClick={() => confirmDelete(paper)}>
        删除
      </Button>
    ),
  });
  return (
    <>
      {modalHolder}
      <div style={{ marginBottom: 16 }}>
        <Button type="primary" disabled={!token} onClick={() => setImporting(true)}>
          {examMessages.importExam}
        </Button>
      </div>
      <Table<ExamPaper>
        rowKey="paper_id"
        columns={columns}
        dataSource={bound.papers}
        loading={!token || bound.loading}
        pagination={false}
        locale={{ emptyText: bound.error ? `加载失败：${bound.error.message}` : "暂未绑定考试" }}
      />
      <PaperImportDialog
        open={importing}
        token={token}
        bound={boundIds}
        busy={binding.busy}
        onSelect={(paper) => void after(binding.bind(paper))}
        onDeselect={(paper) => void after(binding.unbind(paper))}
        onClose={() => setImporting(false)}
      />
    </>
  );
}
