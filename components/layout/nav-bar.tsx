"use client";

import { ExternalLinkIcon, LogOutIcon, MenuIcon, XIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Drawer, DrawerClose, DrawerContent, DrawerDescription, DrawerTitle, DrawerTrigger } from "@/components/ui/drawer";
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
} from "@/components/ui/navigation-menu";
import type { PublicUser } from "@/lib/auth/session";
import { type MenuEntry, type MenuLink, mainMenus, settingsSignedIn, settingsSignedOut } from "@/lib/navigation";
import { cn } from "@/lib/utils";
import { ProjectSwitcher } from "@/components/projects/project-switcher";
import type { ProjectSummary } from "@/lib/projects/schemas";
import { ThemeToggle } from "./theme-toggle";
import { useLogout } from "./use-logout";

export type ExternalUrls = Partial<Record<"SUPER_T_URL" | "DECK_UNIT_URL", string>>;

type NavBarProps = {
  user: PublicUser | null;
  externalUrls: ExternalUrls;
  /** The signed-in user's projects and the current one, for the project switcher. */
  projects?: ProjectSummary[];
  currentProjectId?: number | null;
};

function EntryLink({ entry, externalUrls, onNavigate }: { entry: MenuEntry; externalUrls: ExternalUrls; onNavigate?: () => void }) {
  const itemClass =
    "block rounded-sm px-3 py-2 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50";
  if (entry.kind === "link") {
    return (
      <NavigationMenuLink asChild>
        <Link href={entry.href} className={itemClass} onClick={onNavigate}>
          {entry.label}
        </Link>
      </NavigationMenuLink>
    );
  }
  const url = externalUrls[entry.envVar];
  if (!url) {
    return (
      <span className={cn(itemClass, "cursor-not-allowed opacity-60 hover:bg-transparent")} aria-disabled="true">
        {entry.label}
        <span className="block text-xs text-muted-foreground">Not configured ({entry.envVar} is not set)</span>
      </span>
    );
  }
  return (
    <NavigationMenuLink asChild>
      <a href={url} target="_blank" rel="noopener noreferrer" className={cn(itemClass, "flex items-center gap-2")} onClick={onNavigate}>
        {entry.label}
        <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </NavigationMenuLink>
  );
}

function settingsEntries(user: PublicUser | null): MenuLink[] {
  return user ? settingsSignedIn : settingsSignedOut;
}

/** The Log Out entry of the Settings menu (desktop and phone). */
function LogOutItem({ onClick }: { onClick?: () => void }) {
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

function DesktopMenus({ user, externalUrls }: NavBarProps) {
  return (
    // Hover opens after 100 ms; moving to the next menu within 300 ms skips that delay (SPEC section 9).
    <NavigationMenu delayDuration={100} skipDelayDuration={300} className="hidden md:flex" aria-label="Main">
      <NavigationMenuList>
        {mainMenus.map((menu) => (
          <NavigationMenuItem key={menu.label}>
            <NavigationMenuTrigger>{menu.label}</NavigationMenuTrigger>
            <NavigationMenuContent>
              <ul className="grid w-60 gap-0.5">
                {menu.entries.map((entry) => (
                  <li key={entry.label}>
                    <EntryLink entry={entry} externalUrls={externalUrls} />
                  </li>
                ))}
              </ul>
            </NavigationMenuContent>
          </NavigationMenuItem>
        ))}
        <NavigationMenuItem>
          <NavigationMenuTrigger>Settings</NavigationMenuTrigger>
          <NavigationMenuContent className="md:right-0 md:left-auto">
            <ul className="grid w-48 gap-0.5">
              {settingsEntries(user).map((entry) => (
                <li key={entry.href}>
                  <EntryLink entry={entry} externalUrls={externalUrls} />
                </li>
              ))}
              {user && <LogOutItem />}
            </ul>
          </NavigationMenuContent>
        </NavigationMenuItem>
      </NavigationMenuList>
    </NavigationMenu>
  );
}

function MobileMenu({ user, externalUrls, projects, currentProjectId }: NavBarProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const sections = [...mainMenus, { label: "Settings", entries: settingsEntries(user) }];
  return (
    <Drawer open={open} onOpenChange={setOpen} direction="right">
      <DrawerTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <MenuIcon aria-hidden="true" />
        </Button>
      </DrawerTrigger>
      <DrawerContent className="inset-y-0 right-0 left-auto mt-0 h-full max-h-none w-[85vw] max-w-sm rounded-none rounded-l-lg border-t-0 border-l">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <DrawerTitle>Menu</DrawerTitle>
          <DrawerDescription className="sr-only">Every page of Pontifex</DrawerDescription>
          <DrawerClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close menu">
              <XIcon aria-hidden="true" />
            </Button>
          </DrawerClose>
        </div>
        {user && (
          <section aria-label="Project" className="border-b px-4 py-3">
            <h2 className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Project</h2>
            <ProjectSwitcher projects={projects ?? []} currentId={currentProjectId ?? null} inline onSwitched={close} />
          </section>
        )}
        {/* NavigationMenuLink needs a NavigationMenu around it, even in the drawer. */}
        <NavigationMenu orientation="vertical" className="block min-h-0 max-w-none flex-1 overflow-y-auto overscroll-contain" aria-label="Mobile">
          <div className="grid gap-4 p-4">
            {sections.map((section) => (
              <section key={section.label} aria-label={section.label}>
                <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{section.label}</h2>
                <ul className="grid gap-0.5">
                  {section.entries.map((entry) => (
                    <li key={entry.label}>
                      <EntryLink entry={entry} externalUrls={externalUrls} onNavigate={close} />
                    </li>
                  ))}
                  {section.label === "Settings" && user && <LogOutItem onClick={close} />}
                </ul>
              </section>
            ))}
          </div>
        </NavigationMenu>
      </DrawerContent>
    </Drawer>
  );
}

export function NavBar(props: NavBarProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-14 border-b bg-background/95 text-foreground backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-full max-w-screen-2xl items-center gap-2 px-3 md:px-6">
        <Link href="/" className="mr-2 flex items-center gap-2 font-semibold tracking-tight">
          <span aria-hidden="true" className="inline-block size-5 rounded-sm bg-brand" />
          Pontifex
        </Link>
        {props.user && (
          <div className="hidden md:block">
            <ProjectSwitcher projects={props.projects ?? []} currentId={props.currentProjectId ?? null} />
          </div>
        )}
        <DesktopMenus {...props} />
        <div className="ml-auto flex items-center gap-1">
          {props.user && (
            <span className="hidden text-sm text-muted-foreground lg:inline" data-testid="signed-in-as">
              {props.user.email}
            </span>
          )}
          <ThemeToggle />
          <MobileMenu {...props} />
        </div>
      </div>
    </header>
  );
}
