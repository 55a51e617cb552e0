"use client";

import { useSyncExternalStore } from "react";
import { formatDay, formatTime } from "@/lib/format/time";

const noSubscription = () => () => {};

/**
 * A moment in the reader's own time zone (lib/format/time.ts). The server does not know that zone: it renders UTC,
 * said so, and the browser puts its local time in place as it hydrates.
 */
export function LocalTime({ iso, day = false }: { iso: string; day?: boolean }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const format = day ? formatDay : formatTime;
  return <time dateTime={iso}>{inBrowser ? format(iso) : `${format(iso, "UTC")}${day ? "" : " UTC"}`}</time>;
}
