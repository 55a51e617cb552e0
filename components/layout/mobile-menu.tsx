"use client";

import { Drawer, DrawerBar, DrawerContent } from "@/components/ui/drawer";
import { ProjectSwitcher } from "@/components/projects/project-switcher";
import { mainMenus } from "@/lib/navigation";
import { EntryLink, LogOutItem, type NavBarProps, settingsEntries } from "./menu-entries";

/** The phone's menu: every page, the project switcher and Log Out, in a drawer from the right. */
export function MobileMenuDrawer({
  open,
  onOpenChange,
  user,
  externalUrls,
  projects,
  currentProjectId,
}: NavBarProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  const sections = [...mainMenus, { label: "Settings", entries: settingsEntries(user) }];
  return (
    <Drawer open={open} onOpenChange={onOpenChange} direction="right">
      <DrawerContent className="inset-y-0 right-0 left-auto mt-0 h-full max-h-none w-[85vw] max-w-sm rounded-none rounded-l-lg border-t-0 border-l">
        <DrawerBar title="Menu" description="Every page of Pontifex" closeLabel="Close menu" />
        {user && (
          <section aria-label="Project" className="border-b px-4 py-3">
            <h2 className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Project</h2>
            <ProjectSwitcher projects={projects ?? []} currentId={currentProjectId ?? null} inline onSwitched={close} />
          </section>
        )}
        <nav className="block min-h-0 flex-1 overflow-y-auto overscroll-contain" aria-label="Mobile">
          <div className="grid gap-4 p-4">
            {sections.map((section) => (
              <section key={section.label} aria-label={section.label}>
                <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{section.label}</h2>
                <ul className="grid gap-0.5">
                  {section.entries.map((entry) => (
                    <li key={entry.label}>
                      <EntryLink entry={entry} externalUrls={externalUrls} onNavigate={close} standalone />
                    </li>
                  ))}
                  {section.label === "Settings" && user && <LogOutItem onClick={close} />}
                </ul>
              </section>
            ))}
          </div>
        </nav>
      </DrawerContent>
    </Drawer>
  );
}
