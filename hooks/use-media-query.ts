"use client";

import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now; false during server rendering. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The specification's wide-screen breakpoint: 768 px and wider. */
export const WIDE_SCREEN = "(min-width: 768px)";
