import { MAX_FRAME_BYTES, PROTOCOL_VERSION, type PushMessage } from "./protocol";

/** What every frame of a push says about it, besides its part and its rows. */
export type PushMeta = Pick<PushMessage, "pushId" | "project" | "dataset" | "mode" | "parameter" | "createdAt" | "rowCount">;

function header(meta: PushMeta, part: number, parts: number): string {
  return `{"v":${PROTOCOL_VERSION},"type":"push","pushId":${JSON.stringify(meta.pushId)},"project":${JSON.stringify(meta.project)},"dataset":${JSON.stringify(meta.dataset)},"mode":${JSON.stringify(meta.mode)},"parameter":${JSON.stringify(meta.parameter)},"createdAt":${JSON.stringify(meta.createdAt)},"rowCount":${meta.rowCount},"part":${part},"parts":${parts},"rows":[`;
}
const FOOTER = "]}";

/**
 * A row too large for one frame, cut into slices that each carry Id and
 * Parameter and some of the columns (the add-in merges rows by Id).
 */
function sliceRow(rowText: string, budget: number): string[] {
  const row = JSON.parse(rowText) as Record<string, unknown>;
  const base = { Id: row.Id, Parameter: row.Parameter };
  const baseText = JSON.stringify(base);
  const slices: string[] = [];
  let current: string[] = [];
  let size = Buffer.byteLength(baseText);
  for (const [key, value] of Object.entries(row)) {
    if (key === "Id" || key === "Parameter") continue;
    const entry = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
    const bytes = Buffer.byteLength(entry) + 1;
    if (current.length > 0 && size + bytes > budget) {
      slices.push(`${baseText.slice(0, -1)},${current.join(",")}}`);
      current = [];
      size = Buffer.byteLength(baseText);
    }
    current.push(entry);
    size += bytes;
  }
  if (current.length > 0 || slices.length === 0) slices.push(current.length ? `${baseText.slice(0, -1)},${current.join(",")}}` : baseText);
  return slices;
}

/** Bytes a frame of this push spends on its header (with the widest part numbers it could get) and footer. */
export function frameOverhead(meta: PushMeta): number {
  return Buffer.byteLength(header(meta, 999_999, 999_999)) + FOOTER.length;
}

/**
 * The rows of a push packed in order into frame bodies (rows joined by commas), each leaving `overhead` bytes of a
 * `maxBytes` frame for the header and footer. Depends only on the rows and the overhead, so a whole-table push can
 * keep the bodies of a table revision and give each push its own headers (pushFrames).
 */
export function packPushRows(rows: readonly string[], overhead: number, maxBytes = MAX_FRAME_BYTES): string[] {
  const budget = maxBytes - overhead;
  if (budget < 256) throw new RangeError("frame size too small for the push header");
  const groups: string[][] = [];
  let group: string[] = [];
  let size = 0;
  const add = (text: string) => {
    const bytes = Buffer.byteLength(text) + 1; // + the comma
    if (group.length > 0 && size + bytes > budget) {
      groups.push(group);
      group = [];
      size = 0;
    }
    group.push(text);
    size += bytes;
  };
  for (const row of rows) {
    if (Buffer.byteLength(row) + 1 <= budget) add(row);
    else for (const slice of sliceRow(row, budget - 1)) add(slice);
  }
  if (group.length > 0 || groups.length === 0) groups.push(group);
  return groups.map((g) => g.join(","));
}

/**
 * The `push` frames of one push: rows (each a JSON object text, as fetch-all
 * returns them) packed in order into frames of at most `maxBytes` bytes,
 * numbered part 1..parts.
 */
export function buildPushFrames(meta: PushMeta, rows: readonly string[], maxBytes = MAX_FRAME_BYTES): string[] {
  const bodies = packPushRows(rows, frameOverhead(meta), maxBytes);
  return bodies.map((body, i) => `${header(meta, i + 1, bodies.length)}${body}${FOOTER}`);
}

/** packPushRows' bodies as the UTF-8 bytes a socket sends. */
export function packPushBodies(rows: readonly string[], overhead: number, maxBytes = MAX_FRAME_BYTES): Buffer[] {
  return packPushRows(rows, overhead, maxBytes).map((body) => Buffer.from(body));
}

const FOOTER_BYTES = Buffer.from(FOOTER);

/**
 * The same frames as buildPushFrames, UTF-8 encoded, from bodies packed by packPushBodies with this push's overhead
 * (encoded once per table revision): only the headers are new, and the socket is handed bytes it need not encode.
 */
export function pushFrames(meta: PushMeta, bodies: readonly Buffer[]): Buffer[] {
  return bodies.map((body, i) => {
    const head = Buffer.from(header(meta, i + 1, bodies.length));
    return Buffer.concat([head, body, FOOTER_BYTES], head.length + body.length + FOOTER_BYTES.length);
  });
}
