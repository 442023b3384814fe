import { examApi, type ExamPaper } from "../../../resources/tools/exam";
import { useCall, useCallMutation } from "../../lib/use-call";

/** The exam service calls of /bindExamByLive, each with the page's token (3 §7.1). */
export function useBoundPapers(roomid: number, token: string | null) {
  const call = useCall<ExamPaper[]>(examApi.bound, { roomid, token }, { enabled: !!token });
  return { ...call, papers: Array.isArray(call.answer?.data) ? call.answer.data : [] };
}

export function useAllPapers(token: string | null, page: number, size: number, enabled: boolean) {
  const call = useCall<{ resultset?: ExamPaper[]; total?: number }>(
    examApi.papers,
    { page_no: page, limit: size, token },
    { enabled: enabled && !!token, keepPrevious: true },
  );
  return { ...call, papers: call.answer?.data?.resultset ?? [], total: call.answer?.data?.total ?? 0 };
}

/** Bind and unbind; a refusal shows the server's msg (1 §8), a success says what the spec says. */
export function usePaperBinding(roomid: number, token: string | null) {
  const { send, busy } = useCallMutation();
  const failure = (error?: { message?: string }) => ({ type: "error" as const, message: error?.message ?? "操作失败" });
  return {
    busy,
    bind: (paper: ExamPaper) =>
      send(examApi.bind, { roomid, paper_id: paper.paper_id, token }, { errorNotification: failure }),
    unbind: (paper: ExamPaper, success?: string) =>
      send(
        examApi.unbind,
        { roomid, paper_id: paper.paper_id, token },
        { errorNotification: failure, successNotification: success ? { type: "success", message: success } : false },
      ),
  };
}
