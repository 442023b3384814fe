/**
 * The page sizes a paged list offers (1 §9, 2 §9: 10, 20, 50; 10 by default), written once: the
 * engine's lists, the detail tables and the dialogs' tables read them. A declaration whose list
 * pages otherwise declares its own (the cloud disk's 20, 50, 100).
 */
export const pageSizes = [10, 20, 50] as const;
export type PageSize = (typeof pageSizes)[number];

/** The size a list starts at: the first it offers. */
export const defaultPageSize: PageSize = pageSizes[0];

/** A size read from an address, kept when offered, else the default. */
export const offeredPageSize = <T extends number>(size: number, offered: readonly T[]): T =>
  (offered as readonly number[]).includes(size) ? (size as T) : offered[0];

/** A two-pane student picker pages by 5 (1 §2.5, 2 §9 "student selector 5"). */
export const pickerPageSize = 5;
