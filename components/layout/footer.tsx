import { QuietLink } from "@/components/ui/quiet-link";

/** Pages that are in no menu: reachable from the foot of every page. */
const FOOTER_LINKS = [
  { label: "About", href: "/about" },
  { label: "Contact", href: "/contact" },
  { label: "API reference", href: "/docs/api" },
];

export function Footer() {
  return (
    <footer className="no-print border-t px-4 py-3 text-xs text-muted-foreground dark:border-zinc-800">
      <nav aria-label="Footer" className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-1">
        <span>Pontifex</span>
        {FOOTER_LINKS.map((link) => (
          <QuietLink key={link.href} href={link.href} className="py-1 underline-offset-4 hover:text-foreground hover:underline">
            {link.label}
          </QuietLink>
        ))}
      </nav>
    </footer>
  );
}
