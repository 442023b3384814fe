import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./light-tabs.css";

export interface LightTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The sign-in card's two tabs, following the WAI-ARIA tabs pattern (tablist, tab, tabpanel; arrow
 * keys, Home and End move between tabs). antd's Tabs brings its overflow menu and dropdown along
 * (~22 kB gzip), more than /login's hard budget can carry for two fixed labels. A pane is mounted
 * when first shown and kept, as antd's Tabs does, so a half-filled form survives a switch.
 */
export function LightTabs({ items, defaultKey, id = "tabs" }: { items: LightTab[]; defaultKey: string; id?: string }) {
  const [active, setActive] = useState(defaultKey);
  const [shown, setShown] = useState(() => new Set([defaultKey]));
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  const choose = (key: string, focus = false) => {
    setActive(key);
    setShown((before) => (before.has(key) ? before : new Set(before).add(key)));
    if (focus) tabs.current[key]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const at = items.findIndex((item) => item.key === active);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(items[(next + items.length) % items.length].key, true);
  };

  return (
    <div className="light-tabs">
      <div role="tablist" className="light-tabs-nav" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            ref={(el) => void (tabs.current[item.key] = el)}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            className={item.key === active ? "light-tabs-tab light-tabs-tab-active" : "light-tabs-tab"}
            onClick={() => choose(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) =>
        shown.has(item.key) ? (
          <div key={item.key} role="tabpanel" id={`${id}-panel-${item.key}`} aria-labelledby={`${id}-tab-${item.key}`} hidden={item.key !== active}>
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
