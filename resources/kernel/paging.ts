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

/**
 * How a list call names its page and size, and where its answer holds the rows and their total,
 * when not the cms way (`page`, `count`, the data a bare array, the envelope's `count`): the
 * validator service's whitelist takes `page` and `limit` and answers `{resultset, total}`; a
 * portal call answers `{classes}`, every row at once.
 */
export interface ListShape {
  page?: string;
  size?: string;
  /** The field of the answer's data holding the rows; absent: the data is the rows. */
  rows?: string;
  /** The field of the answer's data holding the total; absent: the envelope's count, or the rows' number. */
  total?: string;
}
