/**
 * When the control holding the caret leaves the page (its row deleted or voided, its dialog closed
 * with the control that opened it gone too), the browser drops the caret on <body> and a keyboard
 * user starts again from the top of the page. This puts it where the person was instead: on the
 * same control of the row now in that place (the next row, or the previous one after the last),
 * else on the first control of the card or dialog it was in; and when a dialog or menu that held
 * it has gone, on what had it before (antd gives a dialog's opener back itself, unless that opener
 * went with its row). A page left for another keeps the browser's behaviour: its table and card go.
 */

const overlays = "[role=dialog], .ant-modal-wrap, .ant-drawer, .ant-dropdown, .ant-popover, .ant-select-dropdown, .ant-picker-dropdown";
const controls =
  "button:not([disabled]), a[href], input:not([disabled]):not([type=hidden]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])";

interface Place {
  element: HTMLElement;
  /** The table body and the row's position in it, for a control in a table row. */
  body: Element | null;
  row: number;
  /** What the control says, and its position among its row's controls. */
  text: string;
  index: number;
  /** The card, or the dialog, it sits in. */
  region: Element | null;
  inOverlay: boolean;
}

const shown = (element: Element) => element.isConnected && element.getClientRects().length > 0;
const controlsOf = (root: Element) => [...root.querySelectorAll<HTMLElement>(controls)].filter(shown);
const rowsOf = (body: Element) => [...body.querySelectorAll(":scope > tr[data-row-key]")];

function placeOf(element: HTMLElement): Place {
  const row = element.closest("tr[data-row-key]");
  const body = row?.parentElement ?? null;
  const overlay = element.closest(overlays);
  return {
    element,
    body,
    row: body && row ? rowsOf(body).indexOf(row) : -1,
    text: element.innerText ?? "",
    index: row ? controlsOf(row).indexOf(element) : -1,
    region: element.closest(".ant-card") ?? overlay ?? element.closest(".ant-layout-content"),
    inOverlay: overlay !== null,
  };
}

/** The control in the same place as one that has gone, or null when its table and card have gone too. */
function standIn(place: Place): HTMLElement | null {
  if (shown(place.element)) return place.element;
  if (place.body && shown(place.body)) {
    const rows = rowsOf(place.body);
    const start = Math.min(place.row, rows.length - 1);
    // The row now at its position, then the ones after it, then the ones before.
    const order = [...rows.slice(start), ...rows.slice(0, start).reverse()];
    for (const row of order) {
      const found = controlsOf(row);
      const same = found.find((control) => control.innerText === place.text) ?? found[place.index] ?? found[0];
      if (same) return same;
    }
  }
  return place.region && shown(place.region) ? (controlsOf(place.region)[0] ?? null) : null;
}

/** Starts keeping the caret in place; returns the function that stops it. */
export function keepCaretInPlace(doc: Document = document): () => void {
  let last: Place | null = null;
  let outside: Place | null = null;

  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement) || event.target === doc.body) return;
    last = placeOf(event.target);
    if (!last.inOverlay) outside = last;
  };

  const check = () => {
    if (!last || (doc.activeElement && doc.activeElement !== doc.body)) return;
    // Each loss is handled once; a caret the person put away themselves (a click on the page) stays away.
    const lost = last;
    last = null;
    if (shown(lost.element)) return;
    const target = standIn(lost) ?? (lost.inOverlay && outside ? standIn(outside) : null);
    target?.focus();
  };

  doc.addEventListener("focusin", onFocus, true);
  const observer = new MutationObserver(check);
  observer.observe(doc.body, { childList: true, subtree: true });
  // A control hidden rather than removed loses the caret without a change to the tree.
  const onFocusOut = (event: FocusEvent) => event.relatedTarget === null && requestAnimationFrame(check);
  doc.addEventListener("focusout", onFocusOut, true);
  return () => {
    doc.removeEventListener("focusin", onFocus, true);
    doc.removeEventListener("focusout", onFocusOut, true);
    observer.disconnect();
  };
}
