"use client";

import { useEffect } from "react";

/**
 * Runs `callback` once the page has loaded and the browser is idle (a second
 * after the load where there is no requestIdleCallback): for code the page
 * will want soon but not for its first paint.
 */
export function useAfterLoad(callback: () => void): void {
  useEffect(() => {
    const idle = "requestIdleCallback" in window;
    let handle: number | undefined;
    const schedule = () => (handle = idle ? requestIdleCallback(callback) : window.setTimeout(callback, 1000));
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      window.removeEventListener("load", schedule);
      if (handle !== undefined) (idle ? cancelIdleCallback : clearTimeout)(handle);
    };
  }, [callback]);
}
