"use client";

import { CheckIcon, ChevronsUpDownIcon, FolderPlusIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useId, useMemo, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { callApi } from "@/lib/http/contract";
import { projectsApi } from "@/lib/projects/api";
import { addressWithoutProject, showCurrentProject } from "./project-link";
import type { ProjectSummary } from "@/lib/projects/schemas";
import { cn } from "@/lib/utils";

// Loaded when first opened: the switcher is on every page, the dialog rarely.
const NewProjectDialog = dynamic(() => import("./new-project-dialog").then((m) => m.NewProjectDialog));

export type SwitcherProps = {
  projects: ProjectSummary[];
  currentId: number | null;
  className?: string;
  onSwitched?: () => void;
  /** In the phone's menu drawer: the search and the list shown in place, not in a popover over the (modal) drawer. */
  inline?: boolean;
};

/**
 * The current project, and a searchable list of the user's projects (with
 * their role) to switch to; "New project..." at the bottom. The choice is
 * stored on the server, so the spec's routes and the add-in follow it.
 */
export function ProjectSwitcher({ projects, currentId, className, onSwitched, inline = false }: SwitcherProps) {
  const router = useRouter();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const current = projects.find((p) => p.id === currentId) ?? null;
  const matches = useMemo(() => projects.filter((p) => p.name.toLowerCase().includes(query.trim().toLowerCase())), [projects, query]);
  // The last option is "New project...".
  const options = matches.length + 1;

  async function choose(project: ProjectSummary) {
    setOpen(false);
    if (project.id !== currentId) {
      const result = await callApi(projectsApi.setCurrent, { body: { projectId: project.id } });
      if (!result.ok) {
        toast.error(`Could not switch project: ${result.error}`);
        return;
      }
    } else if (addressWithoutProject() === null) return;
    onSwitched?.();
    showCurrentProject(router);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i + (event.key === "ArrowDown" ? 1 : options - 1)) % options);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const project = matches[active];
      if (project) void choose(project);
      else {
        setOpen(false);
        setCreating(true);
      }
    }
  }

  const optionId = (i: number) => `${listId}-option-${i}`;

  const search = (
    <input
      ref={input}
      role="combobox"
      aria-expanded="true"
      aria-controls={listId}
      aria-activedescendant={optionId(active)}
      aria-label="Search projects"
      placeholder="Search projects..."
      value={query}
      onChange={(e) => {
        setQuery(e.target.value);
        setActive(0);
      }}
      onKeyDown={onKeyDown}
      className="h-10 w-full border-b bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
    />
  );
  const list = (
    <ul id={listId} role="listbox" aria-label="Your projects" className="max-h-72 overflow-y-auto p-1">
      {matches.length === 0 && <li className="px-2 py-2 text-sm text-muted-foreground">No project matches.</li>}
      {matches.map((project, i) => (
        <li
          key={project.id}
          id={optionId(i)}
          role="option"
          aria-selected={project.id === currentId}
          onMouseEnter={() => setActive(i)}
          onClick={() => void choose(project)}
          className={cn("flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm", i === active && "bg-accent text-accent-foreground")}
        >
          <CheckIcon className={cn("size-4 shrink-0", project.id === currentId ? "opacity-100" : "opacity-0")} aria-hidden="true" />
          <span className="truncate">{project.name}</span>
          <span className="ml-auto shrink-0 text-xs text-muted-foreground">{project.role}</span>
        </li>
      ))}
      <li
        id={optionId(matches.length)}
        role="option"
        aria-selected={false}
        onMouseEnter={() => setActive(matches.length)}
        onClick={() => {
          setOpen(false);
          setCreating(true);
        }}
        className={cn(
          "mt-1 flex cursor-pointer items-center gap-2 rounded-sm border-t px-2 py-1.5 text-sm",
          active === matches.length && "bg-accent text-accent-foreground",
        )}
      >
        <FolderPlusIcon className="size-4" aria-hidden="true" />
        New project...
      </li>
    </ul>
  );

  if (inline) {
    return (
      <div className={cn("grid rounded-md border", className)} data-testid="project-switcher-inline">
        <p className="px-3 pt-2 text-sm">
          Current: <strong data-testid="current-project">{current?.name ?? "none"}</strong>
        </p>
        {search}
        {list}
        {creating && <NewProjectDialog open onOpenChange={setCreating} projects={projects} onCreated={onSwitched} />}
      </div>
    );
  }

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            setQuery("");
            setActive(
              Math.max(
                0,
                projects.findIndex((p) => p.id === currentId),
              ),
            );
          }
        }}
      >
        <PopoverTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className={cn("max-w-56 justify-between gap-2", className)}
            aria-label={`Project: ${current?.name ?? "none"}. Switch project`}
            data-testid="project-switcher"
          >
            <span className="truncate">{current?.name ?? "No project"}</span>
            <ChevronsUpDownIcon className="opacity-60" aria-hidden="true" />
          </Button>
        </PopoverTrigger>
        <PopoverContent
          className="w-72 p-0"
          align="start"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            input.current?.focus();
          }}
        >
          {search}
          {list}
        </PopoverContent>
      </Popover>
      {creating && <NewProjectDialog open onOpenChange={setCreating} projects={projects} />}
    </>
  );
}
