"use client";

import { ExternalLinkIcon, LogOutIcon } from "lucide-react";
import Link from "next/link";
import type { ReactElement } from "react";
import { NavigationMenuLink } from "@/components/ui/navigation-menu";
import type { PublicUser } from "@/lib/auth/session";
import { type MenuEntry, type MenuLink, settingsSignedIn, settingsSignedOut } from "@/lib/navigation";
import type { ProjectSummary } from "@/lib/projects/schemas";
import { cn } from "@/lib/utils";
import { useLogout } from "./use-logout";

/** The menus' entries, shared by the desktop menus and the phone's drawer. */

export type ExternalUrls = Partial<Record<"SUPER_T_URL" | "DECK_UNIT_URL", string>>;

export type NavBarProps = {
  user: PublicUser | null;
  externalUrls: ExternalUrls;
  /** The signed-in user's projects and the current one, for the project switcher. */
  projects?: ProjectSummary[];
  currentProjectId?: number | null;
};

/** A menu's entry; `standalone` where it is not inside a navigation menu (the phone's drawer), so radix is not needed. */
export function EntryLink({
  entry,
  externalUrls,
  onNavigate,
  standalone = false,
}: {
  entry: MenuEntry;
  externalUrls: ExternalUrls;
  onNavigate?: () => void;
  standalone?: boolean;
}) {
  const wrap = (link: ReactElement) => (standalone ? link : <NavigationMenuLink asChild>{link}</NavigationMenuLink>);
  const itemClass =
    "block rounded-sm px-3 py-2 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50";
  if (entry.kind === "link") {
    return wrap(
      <Link href={entry.href} className={itemClass} onClick={onNavigate}>
        {entry.label}
      </Link>,
    );
  }
  const url = externalUrls[entry.envVar];
  if (!url) {
    return (
      <span className={cn(itemClass, "cursor-not-allowed opacity-60 hover:bg-transparent")} aria-disabled="true">
        {entry.label}
        <span className="block text-xs text-muted-foreground">Not set up for this site</span>
      </span>
    );
  }
  return wrap(
    <a href={url} target="_blank" rel="noopener noreferrer" className={cn(itemClass, "flex items-center gap-2")} onClick={onNavigate}>
      {entry.label}
      <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>,
  );
}

export function settingsEntries(user: PublicUser | null): MenuLink[] {
  return user ? settingsSignedIn : settingsSignedOut;
}

/** The Log Out entry of the Settings menu (desktop and phone). */
export function LogOutItem({ onClick }: { onClick?: () => void }) {
  const logout = useLogout();
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          onClick?.();
          void logout();
        }}
        className="flex w-full items-center gap-2 rounded-sm px-3 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <LogOutIcon className="size-4" aria-hidden="true" />
        Log Out
      </button>
    </li>
  );
}
