/**
 * An .xlsx of one sheet of text cells, written directly: the sheet's XML a slice of rows at a
 * time, zipped with the platform's own deflate (CompressionStream) where it has one. SheetJS takes
 * about 40 s for 100,000 rows of 8 columns on a small machine (its cell objects and its pure-JS
 * zip), this about a second, which is what an export of the listening data needs (issue 20: under
 * 10 s). Cells are inline strings, which Excel, WPS and SheetJS all read as text.
 */

const ROWS_PER_SLICE = 5000;

const encoder = new TextEncoder();

// Characters XML 1.0 cannot hold at all (controls other than tab, line feed and carriage return).
// eslint-disable-next-line no-control-regex
const invalid = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (text: string) => text.replace(invalid, "").replace(/[&<>"]/g, (c) => escapes[c]);

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 of a file given a chunk at a time: `next` of each chunk, `value` at the end. */
class Crc32 {
  private crc = 0xffffffff;
  next(chunk: Uint8Array): void {
    let crc = this.crc;
    for (let i = 0; i < chunk.length; i++) crc = CRC_TABLE[(crc ^ chunk[i]) & 0xff] ^ (crc >>> 8);
    this.crc = crc;
  }
  get value(): number {
    return (this.crc ^ 0xffffffff) >>> 0;
  }
}

/**
 * A file's bytes as they come, kept (or deflated as they come, where the platform can: the
 * compressor runs beside the writing rather than over the whole sheet at the end).
 */
class ZipEntryData {
  readonly crc = new Crc32();
  size = 0;
  private readonly raw: Uint8Array[] = [];
  private readonly writer?: WritableStreamDefaultWriter<BufferSource>;
  private readonly packed?: Promise<Uint8Array[]>;

  constructor() {
    if (typeof CompressionStream === "undefined" || typeof ReadableStream === "undefined") return;
    const stream = new CompressionStream("deflate-raw");
    this.writer = stream.writable.getWriter();
    this.packed = (async () => {
      const out: Uint8Array[] = [];
      const reader = stream.readable.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return out;
        out.push(value);
      }
    })();
    // A failure is the `finish` caller's; until then it must not surface as unhandled.
    this.packed.catch(() => undefined);
  }

  add(chunk: Uint8Array): void {
    this.crc.next(chunk);
    this.size += chunk.length;
    if (this.writer) void this.writer.write(chunk as Uint8Array<ArrayBuffer>).catch(() => undefined);
    else this.raw.push(chunk);
  }

  async finish(): Promise<{ data: Uint8Array[]; method: 0 | 8 }> {
    if (!this.writer || !this.packed) return { data: this.raw, method: 0 };
    await this.writer.close();
    return { data: await this.packed, method: 8 };
  }
}

interface Entry {
  name: Uint8Array;
  crc: number;
  size: number;
  data: Uint8Array[];
  stored: number;
  method: 0 | 8;
  offset: number;
}

const total = (chunks: readonly Uint8Array[]) => chunks.reduce((n, c) => n + c.length, 0);

/** A zip of the files (stored, or deflated where the platform can), as one buffer. */
async function zip(files: readonly [string, ZipEntryData][]): Promise<ArrayBuffer> {
  const entries: Entry[] = [];
  let offset = 0;
  for (const [name, file] of files) {
    const { data, method } = await file.finish();
    const entry: Entry = { name: encoder.encode(name), crc: file.crc.value, size: file.size, data, stored: total(data), method, offset };
    entries.push(entry);
    offset += 30 + entry.name.length + entry.stored;
  }
  const central = entries.reduce((n, e) => n + 46 + e.name.length, 0);
  const out = new Uint8Array(offset + central + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  // Little-endian fields of `bytes` bytes each: [bytes, value].
  const fields = (...list: [2 | 4, number][]) => {
    for (const [size, value] of list) {
      if (size === 2) view.setUint16(at, value, true);
      else view.setUint32(at, value >>> 0, true);
      at += size;
    }
  };
  const bytes = (b: Uint8Array) => {
    out.set(b, at);
    at += b.length;
  };
  for (const e of entries) {
    // Local header: version 2.0, UTF-8 names (bit 11), a fixed date (1980-01-01).
    fields([4, 0x04034b50], [2, 20], [2, 0x0800], [2, e.method], [2, 0], [2, 0x21], [4, e.crc], [4, e.stored], [4, e.size], [2, e.name.length], [2, 0]);
    bytes(e.name);
    for (const chunk of e.data) bytes(chunk);
  }
  const start = at;
  for (const e of entries) {
    fields([4, 0x02014b50], [2, 20], [2, 20], [2, 0x0800], [2, e.method], [2, 0], [2, 0x21], [4, e.crc], [4, e.stored], [4, e.size]);
    fields([2, e.name.length], [2, 0], [2, 0], [2, 0], [2, 0], [4, 0], [4, e.offset]);
    bytes(e.name);
  }
  fields([4, 0x06054b50], [2, 0], [2, 0], [2, entries.length], [2, entries.length], [4, at - start], [4, start], [2, 0]);
  return out.buffer;
}

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const rels = "http://schemas.openxmlformats.org/package/2006/relationships";
const docRels = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const text = (s: string) => {
  const file = new ZipEntryData();
  file.add(encoder.encode(s));
  return file;
};

/**
 * An .xlsx of one sheet of text, its rows given a batch at a time (the first row a header):
 * each batch becomes the sheet's XML and goes on to the deflate at once, so an export that reads
 * its rows in pages has most of its file written by the time the last page comes.
 */
export class PlainSheet {
  private readonly sheet = new ZipEntryData();
  private letters: string[] | null = null;
  /** Rows placed so far, the header included. */
  rows = 0;

  constructor(private readonly sheetName: string) {}

  add(batch: readonly (readonly string[])[]): void {
    if (!this.letters) {
      // The header is the widest row of an export; a batch's own widest row otherwise.
      const width = batch.reduce((n, row) => Math.max(n, row.length), 0);
      this.letters = Array.from({ length: width }, (_, c) => columnName(c));
      this.sheet.add(encoder.encode(`${xml}<worksheet xmlns="${main}">${width ? `<cols><col min="1" max="${width}" width="18" customWidth="1"/></cols>` : ""}<sheetData>`));
    }
    const letters = this.letters;
    for (let start = 0; start < batch.length; start += ROWS_PER_SLICE) {
      const parts: string[] = [];
      const end = Math.min(batch.length, start + ROWS_PER_SLICE);
      for (let r = start; r < end; r++) {
        const line = this.rows + r + 1;
        parts.push(`<row r="${line}">`);
        const row = batch[r];
        for (let c = 0; c < row.length; c++) {
          const value = row[c];
          if (value === "" || value === undefined || value === null) continue;
          parts.push(`<c r="${letters[c] ?? columnName(c)}${line}" t="inlineStr"><is><t xml:space="preserve">${escape(String(value))}</t></is></c>`);
        }
        parts.push("</row>");
      }
      this.sheet.add(encoder.encode(parts.join("")));
    }
    this.rows += batch.length;
  }

  /** The file, once every row has been added. */
  async finish(): Promise<ArrayBuffer> {
    if (!this.letters) this.add([]);
    this.sheet.add(encoder.encode("</sheetData></worksheet>"));
    const name = escape(this.sheetName.slice(0, 31)) || "Sheet1";
    return zip([
      [
        "[Content_Types].xml",
        text(
          `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
        ),
      ],
      ["_rels/.rels", text(`${xml}<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${docRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`)],
      ["xl/workbook.xml", text(`${xml}<workbook xmlns="${main}" xmlns:r="${docRels}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`)],
      ["xl/_rels/workbook.xml.rels", text(`${xml}<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${docRels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`)],
      ["xl/worksheets/sheet1.xml", this.sheet],
    ]);
  }
}

/**
 * The rows (the first a header) as an .xlsx of one sheet named `sheetName`, every cell text,
 * columns 18 characters wide; `onProgress` hears the rows placed so far of all rows.
 */
export async function plainXlsx(rows: readonly (readonly string[])[], sheetName: string, onProgress?: (written: number, total: number) => void): Promise<ArrayBuffer> {
  const sheet = new PlainSheet(sheetName);
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    sheet.add(rows.slice(start, start + ROWS_PER_SLICE));
    onProgress?.(sheet.rows, rows.length);
  }
  return sheet.finish();
}
