import type { WidgetProps } from "@rjsf/utils";
import { Button, Flex, Input, Modal, Space, Tag, Typography } from "antd";
import { useState, type KeyboardEvent } from "react";
import { filterWordsMessages } from "../../../resources/filter-words/filter-words";
import { addWords, wordSeparators } from "../../../resources/filter-words/word-tags";

const asWords = (value: unknown): string[] => (Array.isArray(value) ? value.filter((w): w is string => typeof w === "string") : []);

/**
 * `"ui:widget": "wordTags"` of /filterWords' lists (schemas/filter-words/filter-words.ui.json): the
 * words as tags, and a box whose text becomes tags on Enter, on 添加, or as soon as a separator is
 * typed or pasted (；，、 half- or full-width, resources/filter-words/word-tags.ts), trimmed and
 * without repeats. Removing a tag asks first (3 §5). How many a list may hold is the schema's
 * `maxItems`, its words the schema's: shown as the list grows past it, and the form refuses to save.
 */
export function WordTagsWidget({ id, value, onChange, disabled, readonly, schema, rawErrors }: WidgetProps) {
  const words = asWords(value);
  const [typed, setTyped] = useState("");
  const [modal, modalHolder] = Modal.useModal();
  const locked = disabled || readonly;
  const max = typeof schema.maxItems === "number" ? schema.maxItems : undefined;
  const tooMany = (schema.errorMessage as { maxItems?: string } | undefined)?.maxItems;
  const over = max !== undefined && words.length > max;

  const add = (text: string) => {
    const next = addWords(words, text);
    if (next.length !== words.length) onChange(next);
  };
  const type = (text: string) => {
    // A separator typed or pasted: what comes before the last one is words; the rest stays in the box.
    const parts = text.split(wordSeparators);
    if (parts.length > 1) {
      add(parts.slice(0, -1).join(";"));
      setTyped(parts[parts.length - 1]);
    } else setTyped(text);
  };
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // Enter adds here; it does not send the form (src/engine/schema-form.tsx).
    event.preventDefault();
    event.stopPropagation();
    add(typed);
    setTyped("");
  };
  const remove = (word: string) =>
    modal.confirm({
      title: "提示",
      content: filterWordsMessages.confirmDelete(word),
      okText: "确定",
      cancelText: "取消",
      onOk: () => onChange(words.filter((w) => w !== word)),
    });

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <Space.Compact style={{ maxWidth: 560 }}>
        <Input
          id={id}
          value={typed}
          disabled={locked}
          placeholder="输入敏感词，多个词语用；，、分隔，按回车添加"
          aria-label="添加敏感词"
          onChange={(e) => type(e.target.value)}
          onKeyDown={enter}
        />
        <Button
          disabled={locked || !typed.trim()}
          onClick={() => {
            add(typed);
            setTyped("");
          }}
        >
          添加
        </Button>
      </Space.Compact>
      <Typography.Text type={over ? "danger" : "secondary"} aria-live="polite">
        共 {words.length} 个{max !== undefined ? `，最多 ${max} 个` : ""}
        {over && tooMany && !rawErrors?.includes(tooMany) ? `（${tooMany}）` : ""}
      </Typography.Text>
      {/* A list role holds list items only: the empty list's words stand beside it. */}
      {words.length === 0 ? (
        <Typography.Text type="secondary">暂无敏感词</Typography.Text>
      ) : (
        <Flex wrap gap={8} role="list" aria-label="敏感词" data-testid="word-tags">
          {words.map((word) => (
            <Tag key={word} role="listitem" style={{ marginInlineEnd: 0 }}>
              {word}
              {!locked && (
                <Button type="text" size="small" aria-label={`删除${word}`} onClick={() => remove(word)} style={{ marginInlineStart: 4, height: 18, padding: "0 2px", lineHeight: 1 }}>
                  ×
                </Button>
              )}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
