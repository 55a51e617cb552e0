"use client";

import { useTheme } from "next-themes";
import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

function Toaster({ onReady, ...props }: ToasterProps & { onReady?: () => void }) {
  const { resolvedTheme } = useTheme();
  // Runs after sonner's own effects: from here on it hears every toast.
  useEffect(() => onReady?.(), [onReady]);
  return (
    <Sonner
      theme={(resolvedTheme ?? "dark") as ToasterProps["theme"]}
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
