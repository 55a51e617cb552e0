const MOMENT: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

/** The one way Pontifex writes a moment: "28 Nov 2026, 14:05", in `timeZone` (the browser's own when none is given). */
export function formatTime(when: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-AU", { ...MOMENT, timeZone }).format(new Date(when));
}

/** A day alone, the same way: "28 Nov 2026". */
export function formatDay(when: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-AU", { ...DAY, timeZone }).format(new Date(when));
}
