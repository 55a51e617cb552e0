// The parts of exceljs 4.4 the workbook reader (xlsx-reader.ts) uses beyond its published API.

declare module "exceljs/lib/utils/parse-sax.js" {
  export type SaxEvent =
    | { eventType: "opentag"; value: { name: string; attributes: Record<string, string | undefined> } }
    | { eventType: "text"; value: string }
    | { eventType: "closetag"; value: { name: string } };
  /** saxes's events for each chunk of the XML. */
  export default function parseSax(iterable: AsyncIterable<unknown>): AsyncGenerator<SaxEvent[]>;
}

declare module "exceljs/lib/utils/utils.js" {
  const utils: {
    /** Whether a number format shows a date (exceljs reads such a number as a Date). */
    isDateFmt(format: string | undefined): boolean;
    xmlDecode(text: string): string;
  };
  export default utils;
}

declare module "exceljs/lib/xlsx/xform/style/numfmt-xform.js" {
  const NumFmtXform: { getDefaultFmtCode(numFmtId: number): string | undefined };
  export default NumFmtXform;
}

declare module "exceljs/lib/utils/col-cache.js" {
  const colCache: {
    /** A range such as "B3:D4": its first and last row and column, counted from 1. */
    decode(range: string): { top: number; left: number; bottom: number; right: number };
  };
  export default colCache;
}
