import { randomBytes } from "node:crypto";
import * as login from "@/app/api/auth/login/route";
import * as register from "@/app/api/auth/register/route";
import * as currentProject from "@/app/api/projects/current/route";
import type { DatasetKey } from "@/lib/datasets/registry";
import { TestClient } from "./http";

export const TEST_PASSWORD = "test-password-123";

/**
 * A client signed in as a freshly registered user, with the project every
 * new account starts with ("My first project", current, tables empty).
 */
export async function signedInClient(
  prefix = "engineer",
  email = `${prefix}.${randomBytes(4).toString("hex")}@example.com`,
): Promise<{ client: TestClient; email: string; userId: number; projectId: number }> {
  const client = new TestClient();
  const reg = await client.post(register.POST, "/api/auth/register", { body: { email, password: TEST_PASSWORD } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const res = await client.post(login.POST, "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: number } };
  const current = await client.get(currentProject.GET, "/api/projects/current");
  if (current.status !== 200) throw new Error(`no current project: ${current.status} ${await current.text()}`);
  const { project } = (await current.json()) as { project: { id: number } };
  return { client, email, userId: user.id, projectId: project.id };
}

/** Makes the user a member of a project (editor unless told otherwise) and their current project: several test users on one set of tables. */
export async function joinProject(userId: number, projectId: number, role: "owner" | "editor" | "viewer" = "editor"): Promise<void> {
  const { insertMember, setCurrentProject } = await import("@/db/queries/projects");
  await insertMember(projectId, userId, role);
  await setCurrentProject(userId, projectId);
}

/** Rows straight into a project's table (fixtures; no limits checked). */
export async function seedRows(projectId: number, dataset: DatasetKey, rows: { parameter: string; values: Record<string, string> }[]): Promise<void> {
  const { insertRows } = await import("@/db/queries/rows-copy");
  await insertRows({ projectId, dataset }, rows);
}
