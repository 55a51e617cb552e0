"use client";

import { useEffect } from "react";

/**
 * Runs `callback` once the page has loaded and the browser is idle (a second
 * after the load where there is no requestIdleCallback): for code the page
 * will want soon but not for its first paint. `{ idle: false }`: right at the
 * load, for code the engineer may want the moment the page is up.
 */
export function useAfterLoad(callback: () => void, { idle = true }: { idle?: boolean } = {}): void {
  useEffect(() => {
    const whenIdle = idle && "requestIdleCallback" in window;
    let handle: number | undefined;
    const schedule = () => {
      if (!idle) callback();
      else handle = whenIdle ? requestIdleCallback(callback) : window.setTimeout(callback, 1000);
    };
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      window.removeEventListener("load", schedule);
      if (handle !== undefined) (whenIdle ? cancelIdleCallback : clearTimeout)(handle);
    };
  }, [callback, idle]);
}
