"use client";

import { MenuIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { QuietLink } from "@/components/ui/quiet-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { NavigationMenu, NavigationMenuContent, NavigationMenuItem, NavigationMenuList, NavigationMenuTrigger } from "@/components/ui/navigation-menu";
import { mainMenus } from "@/lib/navigation";
import { ProjectSwitcher } from "@/components/projects/project-switcher";
import { EntryLink, LogOutItem, type NavBarProps, settingsEntries } from "./menu-entries";
import { ThemeToggle } from "./theme-toggle";

const MobileMenuDrawer = dynamic(() => import("./mobile-menu").then((m) => m.MobileMenuDrawer));

function DesktopMenus({ user, externalUrls }: NavBarProps) {
  return (
    // Hover opens after 100 ms; moving to the next menu within 300 ms skips that delay (SPEC section 9).
    <NavigationMenu delayDuration={100} skipDelayDuration={300} className="hidden md:flex" aria-label="Main">
      <NavigationMenuList>
        {mainMenus.map((menu) => (
          <NavigationMenuItem key={menu.label} value={menu.label}>
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
        <NavigationMenuItem value="Settings">
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

function MobileMenu(props: NavBarProps) {
  const [open, setOpen] = useState(false);
  // The drawer's code loads on the first tap; it stays mounted after, so it can animate closed.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" />
      </Button>
      {wanted && <MobileMenuDrawer {...props} open={open} onOpenChange={setOpen} />}
    </>
  );
}

export function NavBar(props: NavBarProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-14 border-b bg-background/95 text-foreground backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-full max-w-screen-2xl items-center gap-2 px-3 md:px-6">
        <QuietLink href="/" className="mr-2 flex items-center gap-2 font-semibold tracking-tight">
          <span aria-hidden="true" className="inline-block size-5 rounded-sm bg-brand" />
          Pontifex
        </QuietLink>
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
