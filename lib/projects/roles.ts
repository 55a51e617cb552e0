/** What each role may do, and the sentence that says why something is refused: one text for the API's 403 and the UI's tooltip. */

import type { ProjectRole } from "@/db/schema";

export type Need = "read" | "write" | "own";

export const ALLOWED: Record<Need, readonly ProjectRole[]> = { read: ["owner", "editor", "viewer"], write: ["owner", "editor"], own: ["owner"] };

const A: Record<ProjectRole, string> = { owner: "an owner", editor: "an editor", viewer: "a viewer" };

export function can(role: ProjectRole, need: Need): boolean {
  return ALLOWED[need].includes(role);
}

/** Why `role` may not do `need` in the project `name`, or null when it may. */
export function refusal(role: ProjectRole, need: Need, name: string): string | null {
  if (can(role, need)) return null;
  if (need === "own") return `You are ${A[role]} of "${name}": only its owners can rename or delete it and manage its members.`;
  return `You are ${A[role]} of "${name}": ${role}s can read and export its tables, but only editors and owners can create, edit, delete or push. Ask an owner to make you an editor.`;
}
