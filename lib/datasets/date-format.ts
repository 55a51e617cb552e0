/**
 * A date or time cell of a workbook as the text Excel shows for it, from the cell's number format: an engineer's
 * "28/11/2026" or "14:30" is imported as that, not as the serial number Excel stores (46354.604...) nor as a
 * timestamp. English month and day names, as an English Excel shows them.
 */

const DAY_MS = 86_400_000;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Excel's built-in date formats as they are read. 14 and 22 are the computer's own short date (and time), which Excel
 * shows in each reader's order (11/28/2026, 28/11/2026, 28.11.2026): read as yyyy-mm-dd, the one order nobody misreads.
 */
export const BUILT_IN_DATE_FORMATS: ReadonlyMap<number, string> = new Map([
  [14, "yyyy-mm-dd"],
  [15, "d-mmm-yy"],
  [16, "d-mmm"],
  [17, "mmm-yy"],
  [18, "h:mm AM/PM"],
  [19, "h:mm:ss AM/PM"],
  [20, "h:mm"],
  [21, "h:mm:ss"],
  [22, "yyyy-mm-dd hh:mm"],
  [45, "mm:ss"],
  [46, "[h]:mm:ss"],
  [47, "mm:ss.0"],
]);

type Token =
  | { t: "text"; text: string }
  | { t: "year"; n: number }
  | { t: "month"; n: number }
  | { t: "minute"; n: number }
  | { t: "day"; n: number }
  | { t: "hour"; n: number }
  | { t: "second"; n: number; decimals: number }
  | { t: "elapsed"; unit: "h" | "m" | "s"; n: number }
  | { t: "ampm"; short: boolean; lower: boolean };

/** The first section of a format (the one for positive numbers and dates), its parts in order. */
function tokens(format: string): Token[] {
  const out: Token[] = [];
  const text = (s: string) => {
    const last = out[out.length - 1];
    if (last?.t === "text") last.text += s;
    else out.push({ t: "text", text: s });
  };
  let i = 0;
  while (i < format.length) {
    const c = format[i]!;
    const lower = c.toLowerCase();
    if (c === ";") break;
    if (c === '"') {
      const end = format.indexOf('"', i + 1);
      text(format.slice(i + 1, end < 0 ? undefined : end));
      i = end < 0 ? format.length : end + 1;
    } else if (c === "\\") {
      text(format[i + 1] ?? "");
      i += 2;
    } else if (c === "_") {
      text(" ");
      i += 2;
    } else if (c === "*") {
      i += 2;
    } else if (c === "[") {
      const end = format.indexOf("]", i);
      const inside = format.slice(i + 1, end < 0 ? undefined : end).toLowerCase();
      if (/^(h+|m+|s+)$/.test(inside)) out.push({ t: "elapsed", unit: inside[0] as "h" | "m" | "s", n: inside.length });
      // Other brackets are colours, conditions and locales: they show nothing.
      i = end < 0 ? format.length : end + 1;
    } else if (/^(am\/pm)/i.test(format.slice(i, i + 5))) {
      out.push({ t: "ampm", short: false, lower: c === "a" });
      i += 5;
    } else if (/^(a\/p)/i.test(format.slice(i, i + 3))) {
      out.push({ t: "ampm", short: true, lower: c === "a" });
      i += 3;
    } else if ("ymdhse".includes(lower)) {
      let n = 1;
      while (format[i + n]?.toLowerCase() === lower) n++;
      i += n;
      if (lower === "y" || lower === "e") out.push({ t: "year", n: lower === "e" || n > 2 ? 4 : 2 });
      else if (lower === "m") out.push({ t: "month", n });
      else if (lower === "d") out.push({ t: "day", n });
      else if (lower === "h") out.push({ t: "hour", n });
      else {
        let decimals = 0;
        if (format[i] === ".") while (format[i + 1 + decimals] === "0") decimals++;
        if (decimals > 0) i += 1 + decimals;
        out.push({ t: "second", n, decimals: Math.min(decimals, 3) });
      }
    } else if (c === "@") {
      i++;
    } else {
      text(c);
      i++;
    }
  }
  // "m" next to an hour or a second is minutes (h:mm, mm:ss), elsewhere the month.
  const timed = (t: Token | undefined) => t?.t === "hour" || t?.t === "second" || t?.t === "elapsed";
  const parts = out.filter((t) => t.t !== "text");
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part.t === "month" && part.n <= 2 && (timed(parts[k - 1]) || timed(parts[k + 1]))) Object.assign(part, { t: "minute" });
  }
  return out;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * The text a date cell shows under its number format. `value` is the date exceljs read (UTC, the workbook's date
 * system already applied); `date1904` says which system, for elapsed times ([h]:mm) counted from its day 0. Seconds
 * are rounded to what the format shows, as Excel does.
 */
export function excelDateText(value: Date, format: string, date1904 = false): string {
  const parts = tokens(format);
  const decimals = Math.max(0, ...parts.map((p) => (p.t === "second" ? p.decimals : 0)));
  const step = 1000 / 10 ** decimals;
  const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const ms = Math.round((value.getTime() - base) / step) * step;
  const day = new Date(base + Math.floor(ms / DAY_MS) * DAY_MS);
  const ofDay = ms - Math.floor(ms / DAY_MS) * DAY_MS;
  const hours = Math.floor(ofDay / 3_600_000);
  const minutes = Math.floor(ofDay / 60_000) % 60;
  const seconds = Math.floor(ofDay / 1000) % 60;
  const twelve = parts.some((p) => p.t === "ampm");
  let out = "";
  for (const part of parts) {
    switch (part.t) {
      case "text":
        out += part.text;
        break;
      case "year":
        out += part.n === 4 ? pad(day.getUTCFullYear(), 4) : pad(day.getUTCFullYear() % 100, 2);
        break;
      case "month": {
        const month = day.getUTCMonth();
        out +=
          part.n === 1
            ? month + 1
            : part.n === 2
              ? pad(month + 1, 2)
              : part.n === 3
                ? MONTHS[month]!.slice(0, 3)
                : part.n === 4
                  ? MONTHS[month]
                  : MONTHS[month]![0];
        break;
      }
      case "day": {
        const weekday = DAYS[day.getUTCDay()]!;
        out += part.n === 1 ? day.getUTCDate() : part.n === 2 ? pad(day.getUTCDate(), 2) : part.n === 3 ? weekday.slice(0, 3) : weekday;
        break;
      }
      case "hour": {
        const h = twelve ? hours % 12 || 12 : hours;
        out += part.n === 1 ? h : pad(h, 2);
        break;
      }
      case "minute":
        out += part.n === 1 ? minutes : pad(minutes, 2);
        break;
      case "second": {
        out += part.n === 1 ? seconds : pad(seconds, 2);
        if (part.decimals > 0) out += "." + pad(Math.round((ms % 1000) / 10 ** (3 - part.decimals)), part.decimals);
        break;
      }
      case "elapsed": {
        const whole = Math.floor(ms / (part.unit === "h" ? 3_600_000 : part.unit === "m" ? 60_000 : 1000));
        out += pad(whole, part.n);
        break;
      }
      case "ampm": {
        const pm = hours >= 12;
        const mark = part.short ? (pm ? "P" : "A") : pm ? "PM" : "AM";
        out += part.lower ? mark.toLowerCase() : mark;
        break;
      }
    }
  }
  return out;
}
