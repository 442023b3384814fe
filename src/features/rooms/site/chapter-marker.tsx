import { Button, Form, Input, Typography, type FormRule } from "antd";
import { useEffect, useRef, useState } from "react";
import { request } from "../../../../providers/http";
import { defaultChapterTitle, roomApi, roomMessages, type RoomChapter } from "../../../../resources/rooms/room-api";
import chapterSchema from "../../../../schemas/rooms/room.chapter.schema.json";
import { fieldProblem } from "../../../engine/light-rules";
import { palette } from "../../../lib/theme";
import { clockText } from "./room-labels";
import { useRoomCall } from "./use-room-call";

/** The title's rule in the schema's words (请输入章节标题, 章节标题不能超过30字), as the server checks it. */
const titleRules: FormRule[] = [
  {
    async validator(_rule, value: unknown) {
      const message = await fieldProblem(chapterSchema, "title", { title: value ?? "" });
      if (message) throw new Error(message);
    },
  },
];

/** The count beside the box reads against the schema's own maximum. */
const titleMax = (chapterSchema.properties.title as { maxLength: number }).maxLength;

const byPlace = (a: RoomChapter, b: RoomChapter) => a.offset_ms - b.offset_ms || a.id - b.id;

/**
 * 标记章节 (issue 18 item 8): the teacher marks the broadcast's present moment as a chapter of the
 * replay. The title is typed beforehand (章节 N offered), so one click marks the moment itself; the
 * place in the recording is the server's clock of the broadcast, not this page's. The chapters
 * marked so far are listed under it.
 */
export function ChapterMarker({ currentToken, ended }: { currentToken: () => string; ended: boolean }) {
  const { state, set } = useRoomCall<RoomChapter[]>(roomApi.chapters, currentToken);
  const chapters = state.status === "ready" ? state.data : [];
  const [form] = Form.useForm<{ title: string }>();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  // Whether the title in the box is the teacher's own, which a newly listed chapter must not replace.
  const typed = useRef(false);

  // The next default title, unless the teacher has typed one of their own.
  useEffect(() => {
    if (!typed.current) form.setFieldsValue({ title: defaultChapterTitle(chapters.length) });
  }, [chapters.length, form]);

  const mark = async ({ title }: { title: string }) => {
    setBusy(true);
    setSaid(null);
    try {
      const answer = await request<RoomChapter>(roomApi.markChapter, { token: currentToken(), title });
      if (answer.code !== 0) {
        const field = (answer.data as { field?: unknown } | null)?.field;
        if (field === "title") form.setFields([{ name: "title", errors: [answer.msg] }]);
        else setSaid({ ok: false, text: answer.msg });
        return;
      }
      const next = [...chapters, answer.data].sort(byPlace);
      set(next);
      typed.current = false;
      form.setFieldsValue({ title: defaultChapterTitle(next.length) });
      setSaid({ ok: true, text: `已标记章节：${answer.data.title}（${clockText(answer.data.offset_ms)}）` });
    } catch {
      setSaid({ ok: false, text: roomMessages.networkError });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="章节" style={{ marginTop: 12 }}>
      {!ended && (
        <Form form={form} layout="inline" onFinish={(values) => void mark(values)} style={{ rowGap: 8 }}>
          <Form.Item name="title" rules={titleRules} style={{ minWidth: 240 }}>
            <Input aria-label="章节标题" placeholder="章节标题" showCount={{ formatter: ({ count }) => `${count} / ${titleMax}` }} onChange={() => (typed.current = true)} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={busy}>
              标记章节
            </Button>
          </Form.Item>
        </Form>
      )}
      <div role={said && !said.ok ? "alert" : "status"} style={{ minHeight: 22, marginTop: 4, color: said && !said.ok ? palette.error : palette.mutedText }}>
        {said?.text}
      </div>
      {chapters.length > 0 && (
        <ol aria-label="已标记的章节" style={{ margin: "4px 0 0", paddingInlineStart: 20 }}>
          {chapters.map((c) => (
            <li key={c.id}>
              <Typography.Text>
                {clockText(c.offset_ms)} {c.title}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
