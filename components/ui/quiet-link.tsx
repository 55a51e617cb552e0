"use client";

import Link from "next/link";
import { useCallback, useState } from "react";
import { useAfterLoad } from "@/hooks/use-after-load";

/**
 * next/link whose page is prefetched once this one has loaded and the
 * browser is idle, or as soon as the pointer or focus reaches it; not while
 * a page is still fetching what it shows (a table screen's rows), when the
 * server and the browser have better to do. Next's own pattern
 * (`prefetch={false}` until intent), with idle time counted as intent.
 */
export function QuietLink({ onMouseEnter, onFocus, ...props }: Omit<React.ComponentProps<typeof Link>, "prefetch">) {
  const [wanted, setWanted] = useState(false);
  useAfterLoad(useCallback(() => setWanted(true), []));
  return (
    <Link
      {...props}
      prefetch={wanted ? null : false}
      onMouseEnter={(event) => {
        setWanted(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setWanted(true);
        onFocus?.(event);
      }}
    />
  );
}
