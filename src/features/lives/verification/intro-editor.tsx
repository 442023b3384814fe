import { BoldOutlined, ItalicOutlined, OrderedListOutlined, PictureOutlined, UnorderedListOutlined } from "../../../components/icons";
import { useNotification } from "@refinedev/core";
import { EditorContent, mergeAttributes, Node, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, Flex, Tooltip } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { liveMessages } from "../../../../resources/lives/live-api";
import { uploadApi, verificationImageUpload } from "../../../../resources/kernel/upload";
import { upload } from "../../../../providers/http";
import { imageFileProblem } from "../../../lib/image-file";
import "./intro-editor.css";

/**
 * An image in the introduction: the starter kit has none, and the one package that adds it is not
 * a dependency. A block node with an address and a description is all the introduction needs.
 */
const Picture = Node.create({
  name: "image",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null }, alt: { default: null } }),
  parseHTML: () => [{ tag: "img[src]" }],
  renderHTML: ({ HTMLAttributes }) => ["img", mergeAttributes(HTMLAttributes)],
});

export interface IntroEditorProps {
  /** The introduction's HTML as stored (the server has already cleaned it). */
  initial: string;
  onChange: (html: string) => void;
  /** The id of the text naming the editor (its form label). */
  labelledBy: string;
  /** Told while an inserted image is uploading. */
  onBusy?: (busy: boolean) => void;
}

interface ToolProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, active, disabled, onClick, children }: ToolProps) {
  return (
    <Tooltip title={label}>
      <Button type={active ? "primary" : "text"} size="small" aria-label={label} aria-pressed={active} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  );
}

/** Which marks and blocks the caret is in, for the toolbar's pressed buttons. */
function useActive(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
    }),
  });
}

/**
 * The activity introduction (2 §2): tiptap's starter kit under a small toolbar (bold, italic, two
 * heading levels, lists, an image uploaded under the verification rule and inserted at the caret,
 * 图片插入失败！ when it cannot be). The HTML goes to the server, which cleans it before storing.
 */
export default function IntroEditor({ initial, onChange, labelledBy, onBusy }: IntroEditorProps) {
  const { open } = useNotification();
  const picker = useRef<HTMLInputElement>(null);
  const [inserting, setInserting] = useState(false);
  useEffect(() => onBusy?.(inserting), [onBusy, inserting]);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Picture],
    // The editor's few base rules are in intro-editor.css rather than a <style> tiptap writes at run time.
    injectCSS: false,
    content: initial,
    editorProps: { attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelledBy, class: "intro-editor-body" } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  const active = useActive(editor);

  async function insert(file: File) {
    const problem = await imageFileProblem(file, verificationImageUpload);
    if (problem) return void open?.({ type: "error", message: problem });
    setInserting(true);
    try {
      const { url } = await upload<{ url: string }>(uploadApi.upload, file, { query: { rule: "verification" } });
      editor.chain().focus().insertContent({ type: "image", attrs: { src: url, alt: file.name } }).run();
    } catch {
      open?.({ type: "error", message: liveMessages.imageInsertFailed });
    } finally {
      setInserting(false);
    }
  }

  const chain = () => editor.chain().focus();
  return (
    <div className="intro-editor">
      <Flex className="intro-editor-toolbar" gap={4} wrap role="toolbar" aria-label="活动介绍格式">
        <Tool label="加粗" active={active.bold} onClick={() => chain().toggleBold().run()}>
          <BoldOutlined />
        </Tool>
        <Tool label="斜体" active={active.italic} onClick={() => chain().toggleItalic().run()}>
          <ItalicOutlined />
        </Tool>
        <Tool label="标题" active={active.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </Tool>
        <Tool label="小标题" active={active.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </Tool>
        <Tool label="无序列表" active={active.bullet} onClick={() => chain().toggleBulletList().run()}>
          <UnorderedListOutlined />
        </Tool>
        <Tool label="有序列表" active={active.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <OrderedListOutlined />
        </Tool>
        <Tool label={inserting ? "图片上传中" : "插入图片"} disabled={inserting} onClick={() => picker.current?.click()}>
          <PictureOutlined />
        </Tool>
      </Flex>
      <EditorContent editor={editor} />
      <input
        ref={picker}
        type="file"
        hidden
        // antd's form styles show every file input as a block, `hidden` notwithstanding.
        style={{ display: "none" }}
        aria-hidden
        tabIndex={-1}
        accept={Object.keys(verificationImageUpload.types).join(",")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void insert(file);
        }}
      />
    </div>
  );
}
