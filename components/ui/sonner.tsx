"use client";

import { useTheme } from "next-themes";
import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * sonner's rich colours in the light theme put their text at 4.2:1 (success), 4.4:1 (error) and below 3:1 (warning,
 * info) on their pale backgrounds: darker shades of the same hues reach 5.5:1 or more (WCAG AA, axe). Its dark theme's
 * pass as they are.
 */
const LIGHT_RICH_TEXT = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--error-text": "hsl(360, 100%, 38%)",
  "--warning-text": "hsl(31, 92%, 28%)",
  "--info-text": "hsl(210, 92%, 35%)",
};

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
          ...(resolvedTheme === "light" ? LIGHT_RICH_TEXT : {}),
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
