/** The console has no browser context menu (1 §9); returns the undo for tests. */
export function blockContextMenu(target: Document = document): () => void {
  const block = (event: Event) => event.preventDefault();
  target.addEventListener("contextmenu", block);
  return () => target.removeEventListener("contextmenu", block);
}
