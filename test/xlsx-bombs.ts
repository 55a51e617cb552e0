/**
 * Workbooks made to hurt the import, built in memory so no large file is kept
 * in the repository: a part is given as a head, a unit repeated many times and
 * a tail, deflated as a stream (600 MB of repeated text becomes about 0.6 MB),
 * and each entry may declare sizes other than its real ones.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/** A part's text: `head`, then `unit` `times` times, then `tail`. */
export type PartText = string | { head: string; unit: string; times: number; tail: string };

export type BombEntry = {
  path: string;
  text: PartText;
  /** Sizes the headers declare instead of the real ones (the central directory's, the local header's). */
  declare?: { central?: number; local?: number };
  /** Sizes and checksum after the data (flag 8): both headers declare 0. */
  descriptor?: boolean;
};

type Deflated = { data: Buffer; size: number; crc: number };

/**
 * The deflated bytes of a part, its real size and CRC-32, without ever holding the unpacked text: each piece is
 * deflated on its own and flushed to a byte boundary, so the 1 MiB block of repeated units is deflated once and its
 * bytes repeated.
 */
function deflate(text: PartText): Deflated {
  const spec = typeof text === "string" ? { head: text, unit: "", times: 0, tail: "" } : text;
  const flushed = (buffer: Buffer) => deflateRawSync(buffer, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_FULL_FLUSH });
  const out: Buffer[] = [];
  let size = 0;
  let crc = 0;
  const add = (buffer: Buffer, deflated = flushed(buffer)) => {
    size += buffer.length;
    crc = crc32(buffer, crc);
    out.push(deflated);
  };
  add(Buffer.from(spec.head));
  if (spec.times > 0) {
    const perBlock = Math.max(1, Math.floor((1 << 20) / Math.max(1, Buffer.byteLength(spec.unit))));
    const block = Buffer.from(spec.unit.repeat(perBlock));
    const deflatedBlock = flushed(block);
    let left = spec.times;
    for (; left >= perBlock; left -= perBlock) add(block, deflatedBlock);
    if (left > 0) add(Buffer.from(spec.unit.repeat(left)));
  }
  add(Buffer.from(spec.tail));
  // The final, empty block.
  out.push(deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(out), size, crc: crc >>> 0 };
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A zip of the entries, deflated, with the sizes each one declares. */
export function zip(entries: BombEntry[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size, crc } = deflate(entry.text);
    const name = Buffer.from(entry.path);
    const flags = 0x0800 | (entry.descriptor ? 0x0008 : 0);
    const localSize = entry.descriptor ? 0 : (entry.declare?.local ?? size);
    const centralSize = entry.declare?.central ?? size;
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(flags),
      u16(8),
      u16(0),
      u16(0x21),
      u32(entry.descriptor ? 0 : crc),
      u32(entry.descriptor ? 0 : data.length),
      u32(localSize),
      u16(name.length),
      u16(0),
      name,
    ]);
    const descriptor = entry.descriptor ? Buffer.concat([u32(0x08074b50), u32(crc), u32(data.length), u32(size)]) : Buffer.alloc(0);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(flags),
        u16(8),
        u16(0),
        u16(0x21),
        u32(crc),
        // A descriptor entry declares no sizes in the directory either, as streaming writers do.
        u32(entry.descriptor ? 0 : data.length),
        u32(entry.descriptor ? 0 : centralSize),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    out.push(local, data, descriptor);
    offset += local.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(directory.length), u32(offset), u16(0)]);
  return Buffer.concat([...out, directory, end]);
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The sheet of a workbook: "Parameter, Item1" and one row, the value a shared string when there are any. */
export const SMALL_SHEET = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Parameter</t></is></c><c r="B1" t="inlineStr"><is><t>Item1</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>PierHeight</t></is></c><c r="B2"><v>12.5</v></c></row></sheetData></worksheet>`;

/**
 * A one-sheet workbook ("Revit_Pier Data") with the parts given in place of the plain ones: any of
 * xl/sharedStrings.xml, xl/styles.xml, xl/worksheets/sheet1.xml, xl/workbook.xml, with their own declared sizes.
 */
export function workbook(parts: Partial<Record<string, Omit<BombEntry, "path">>> = {}, extra: BombEntry[] = []): Buffer {
  const plain: BombEntry[] = [
    {
      path: "[Content_Types].xml",
      text: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      path: "_rels/.rels",
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      path: "xl/workbook.xml",
      text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Revit_Pier Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      path: "xl/_rels/workbook.xml.rels",
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { path: "xl/worksheets/sheet1.xml", text: SMALL_SHEET },
  ];
  const entries = plain.map((entry) => ({ ...entry, ...parts[entry.path] }));
  for (const [path, part] of Object.entries(parts)) if (part && !plain.some((p) => p.path === path)) entries.push({ path, ...part });
  return zip([...entries, ...extra]);
}

/** Shared strings: `count` strings of `length` characters ("x"), declared as `count` unique strings. */
export function sharedStrings(count: number, length: number, declared = count): PartText {
  return {
    head: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${declared}" uniqueCount="${declared}">`,
    unit: `<si><t>${"x".repeat(length)}</t></si>`,
    times: count,
    tail: "</sst>",
  };
}

export const MiB = 1024 * 1024;
