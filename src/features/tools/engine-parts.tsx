import { useInvalidate } from "@refinedev/core";
import { Button, Modal } from "antd";
import { useState } from "react";
import { examApi, examMessages, type ExamPaper } from "../../../resources/tools/exam";
import { allPapers } from "../../../resources/tools/screens";
import { CallTable } from "../../engine/call-table";
import type { EngineRegistry, ListPartProps, CallRowPartProps } from "../../engine/registry";
import { useCall, useCallMutation } from "../../lib/use-call";

type Params = CallRowPartProps["params"];

/** Bind and unbind with the page's live and token (3 §7.1); a refusal shows the server's msg (1 §8). */
function usePaperBinding(params: Params) {
  const { send, busy } = useCallMutation();
  const failure = (error?: { message?: string }) => ({ type: "error" as const, message: error?.message ?? "操作失败" });
  const body = (paper: ExamPaper) => ({ roomid: params.roomid, paper_id: paper.paper_id, token: params.token });
  return {
    busy,
    bind: (paper: ExamPaper) => send(examApi.bind, body(paper), { errorNotification: failure }),
    unbind: (paper: ExamPaper, success?: string) =>
      send(examApi.unbind, body(paper), { errorNotification: failure, successNotification: success ? { type: "success", message: success } : false }),
  };
}

/** 删除 of a bound exam, after 确定删除吗？; the list then shows what the exam service holds (3 §4). */
function PaperUnbind({ row, params, reload }: CallRowPartProps) {
  const binding = usePaperBinding(params);
  const [modal, holder] = Modal.useModal();
  const confirm = () =>
    modal.confirm({
      title: "提示",
      content: examMessages.confirmDelete,
      okText: "确定",
      cancelText: "取消",
      onOk: () => binding.unbind(row as ExamPaper, examMessages.deleted).then(reload, reload),
    });
  return (
    <>
      {holder}
      <Button type="link" danger size="small" onClick={confirm}>
        删除
      </Button>
    </>
  );
}

/**
 * 选择 or 取消选择 of a paper in 导入考试, by whether the live holds it; a change reads the live's
 * bound papers again, here and in the page's list behind the dialog.
 */
function PaperPick({ row, params }: CallRowPartProps) {
  const bound = useCall<ExamPaper[]>(examApi.bound, { roomid: params.roomid, token: params.token });
  const invalidate = useInvalidate();
  const binding = usePaperBinding(params);
  const paper = row as ExamPaper;
  const held = Array.isArray(bound.answer?.data) && bound.answer.data.some((p) => p.paper_id === paper.paper_id);
  const reread = () => {
    bound.retry();
    // The page's list is the engine's table of the same call (src/engine/use-call-rows.ts).
    void invalidate({ resource: examApi.bound.path, invalidates: ["list"] });
  };
  const change = () => void (held ? binding.unbind(paper) : binding.bind(paper)).then(reread, reread);
  return (
    <Button size="small" type={held ? "default" : "primary"} disabled={binding.busy || bound.loading} onClick={change}>
      {held ? examMessages.deselect : examMessages.select}
    </Button>
  );
}

/** 导入考试: every paper of the organisation in a dialog (3 §2.5). */
function PaperImport({ params }: ListPartProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {examMessages.importExam}
      </Button>
      <Modal title={examMessages.importExam} open={open} onCancel={() => setOpen(false)} footer={null} width={760} destroyOnHidden>
        <CallTable list={allPapers} params={(params ?? {}) as Readonly<Record<string, string | number>>} size="small" />
      </Modal>
    </>
  );
}

/** What /bindExamByLive lends the engine by name (resources/tools/screens.ts). */
export const toolEngineParts: Partial<EngineRegistry> = {
  listParts: { paperImport: PaperImport },
  callRowActions: { paperUnbind: PaperUnbind, paperPick: PaperPick },
};
