import { randomBytes } from "node:crypto";
import * as currentProject from "@/app/api/projects/current/route";
import { createUser } from "@/db/queries/users";
import { hashPassword } from "@/lib/auth/password";
import { normaliseEmail } from "@/lib/auth/schemas";
import { SESSION_COOKIE, startSession } from "@/lib/auth/session";
import { createFirstProject } from "@/lib/projects/service";
import type { DatasetKey } from "@/lib/datasets/registry";
import { TestClient } from "./http";

export const TEST_PASSWORD = "test-password-123";

// One bcrypt hash of TEST_PASSWORD (cost 12, as registration makes) per test process: a hash costs 0.3-0.6 s of
// CPU, and hundreds of test users need one each. Registering and logging in are tested through their routes
// (app/api/auth); here they are only the way to a signed-in user.
let testPasswordHash: Promise<string> | undefined;

/**
 * A client signed in as a freshly registered user, with the project every new account starts with ("My first
 * project", current, tables empty): the account as registration makes it, the session as logging in opens it.
 */
export async function signedInClient(
  prefix = "engineer",
  email = `${prefix}.${randomBytes(4).toString("hex")}@example.com`,
): Promise<{ client: TestClient; email: string; userId: number; projectId: number }> {
  const client = new TestClient();
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const user = await createUser({ email: normaliseEmail(email), passwordHash: await testPasswordHash, firstName: "", lastName: "" });
  if (!user) throw new Error(`register failed: ${email} has an account`);
  await createFirstProject(user.id);
  const { token } = await startSession(user.id);
  client.cookies.set(SESSION_COOKIE, token);
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
