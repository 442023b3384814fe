import { SearchOutlined } from "../components/icons";
import { Input, Modal, type InputRef } from "antd";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useNavigate } from "react-router-dom";
import type { ServerMenu } from "../lib/server-menu";
import { recordOption, routeOptions, searchableResources, type PaletteOption } from "./command-palette-options";
import { ResourceSearch, useSettled, type SearchHits } from "./command-palette-search";

/** Secondary text dark enough for WCAG AA on white and on the active option's blue. */
const secondary = "rgba(0, 0, 0, 0.65)";

/** Consecutive options under one heading, with the flat index of the first (the arrow keys walk the flat list). */
function sections(options: PaletteOption[]) {
  const out: { group: string; first: number; items: PaletteOption[] }[] = [];
  options.forEach((option, index) => {
    const last = out[out.length - 1];
    if (last && last.group === option.group) last.items.push(option);
    else out.push({ group: option.group, first: index, items: [option] });
  });
  return out;
}

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  menu: ServerMenu;
}

/**
 * The command palette (Ctrl+K / ⌘K): the pages this account may open and the records of every
 * declared resource with a search call, in one list walked with the arrow keys, opened with Enter
 * and left with Escape. The dialog keeps focus inside and gives it back to where it was.
 */
export function CommandPalette({ open, onClose, menu }: CommandPaletteProps) {
  const input = useRef<InputRef>(null);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="快速跳转"
      footer={null}
      width={560}
      destroyOnHidden
      // Once the dialog has taken focus (and noted where it came from, to give it back on close).
      afterOpenChange={(opened) => opened && input.current?.focus()}
      styles={{ body: { paddingTop: 8 } }}
    >
      <PaletteBody menu={menu} onClose={onClose} input={input} />
    </Modal>
  );
}

function PaletteBody({ menu, onClose, input }: { menu: ServerMenu; onClose: () => void; input: RefObject<InputRef> }) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [hits, setHits] = useState<Record<string, SearchHits>>({});
  const searched = useSettled(query.trim(), 250);
  const searchable = useMemo(() => searchableResources(menu), [menu]);

  const onHits = useCallback((name: string, found: SearchHits) => setHits((all) => ({ ...all, [name]: found })), []);
  const options = useMemo<PaletteOption[]>(
    () => [
      ...routeOptions(menu, query),
      ...(searched ? searchable.flatMap((decl) => (hits[decl.name]?.rows ?? []).map((row) => recordOption(decl, row))) : []),
    ],
    [menu, query, searched, searchable, hits],
  );
  const searching = searched !== query.trim() || (!!searched && searchable.some((decl) => hits[decl.name]?.status !== "done" && hits[decl.name]?.status !== "failed"));
  const failed = searched ? searchable.filter((decl) => hits[decl.name]?.status === "failed") : [];
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    // jsdom has no scrollIntoView; browsers keep the active option in sight.
    document.getElementById(`${listId}-${current}`)?.scrollIntoView?.({ block: "nearest" });
  }, [listId, current]);

  const choose = (option: PaletteOption | undefined) => {
    if (!option) return;
    onClose();
    navigate(option.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: options.length - 1 };
    if (event.key in moves && options.length > 0) {
      event.preventDefault();
      setActive((moves[event.key] + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(options[current]);
    }
  };

  const status = searching ? "正在搜索…" : options.length === 0 ? "没有匹配的页面或记录" : `${options.length} 项`;

  return (
    <>
      {searched && searchable.map((decl) => <ResourceSearch key={decl.name} decl={decl} query={searched} onHits={onHits} />)}
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder="输入页面名称，或老师、学生等记录的名字"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label="搜索页面或记录"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
      />
      <div role="status" aria-live="polite" style={{ margin: "8px 0 4px", color: secondary, fontSize: 12 }}>
        {status}
        {failed.length > 0 && `；${failed.map((decl) => decl.title).join("、")}搜索失败`}
      </div>
      <div id={listId} role="listbox" aria-label="页面和记录" style={{ maxHeight: 360, overflowY: "auto" }}>
        {sections(options).map(({ group, first, items }) => (
          <div key={`${group}-${first}`} role="group" aria-labelledby={`${listId}-g${first}`}>
            <div id={`${listId}-g${first}`} role="presentation" style={{ padding: "8px 8px 2px", fontSize: 12, color: secondary }}>
              {group}
            </div>
            {items.map((option, offset) => {
              const index = first + offset;
              return (
                <div
                  key={option.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  // Keeps focus in the input, where the arrow keys work.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option)}
                  style={{ padding: "6px 8px", borderRadius: 6, cursor: "pointer", display: "flex", gap: 12, background: index === current ? "#e6f4ff" : undefined }}
                >
                  <span>{option.label}</span>
                  {option.detail && <span style={{ color: secondary }}>{option.detail}</span>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}
