"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useState } from "react";
import { useAfterLoad } from "@/hooks/use-after-load";
import type { ExternalToast, ToasterProps } from "sonner";

/**
 * Toasts without sonner in the page's first scripts: `toast.success(...)` and
 * the others load it (and mount the Toaster) when first called, or once the
 * page has loaded and the browser is idle, whichever comes first.
 */
const Toaster = dynamic(() => import("./sonner").then((m) => m.Toaster), { ssr: false });

let resolveReady: () => void = () => {};
/** Resolves once the Toaster listens: a toast sent before then would be lost. */
const ready = new Promise<void>((resolve) => (resolveReady = resolve));
let mountToaster: (() => void) | undefined;

type Kind = "success" | "error" | "warning" | "message";

function show(kind: Kind, message: React.ReactNode, data?: ExternalToast): void {
  mountToaster?.();
  void Promise.all([import("sonner"), ready]).then(([{ toast: sonner }]) => sonner[kind](message, data));
}

export const toast = {
  success: (message: React.ReactNode, data?: ExternalToast) => show("success", message, data),
  error: (message: React.ReactNode, data?: ExternalToast) => show("error", message, data),
  warning: (message: React.ReactNode, data?: ExternalToast) => show("warning", message, data),
  message: (message: React.ReactNode, data?: ExternalToast) => show("message", message, data),
};

/** Where the toasts appear (the root layout has one). */
export function ToastHost(props: ToasterProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    mountToaster = () => setWanted(true);
    return () => {
      mountToaster = undefined;
    };
  }, []);
  useAfterLoad(useCallback(() => setWanted(true), []));
  return wanted ? <Toaster {...props} onReady={resolveReady} /> : null;
}
