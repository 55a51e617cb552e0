import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currentMembership, findMembership, insertMember, insertProject, setCurrentProject } from "@/db/queries/projects";
import { findLiveSession, findLiveSessionWithMembership, insertSession } from "@/db/queries/sessions";
import { projectMembers } from "@/db/schema";
import { and, eq } from "drizzle-orm";
import { insertTestUser, testDb, useTestDatabase } from "@/test/database";

const database = useTestDatabase();

describe("a session read with the project a request acts on", () => {
  it("finds what the session lookup and the membership lookup find one after the other, whatever the user's projects", async () => {
    const db = testDb(database);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          expired: fc.boolean(),
          // The user's relation to project A (their current one, perhaps) and to project B (asked for by id).
          a: fc.constantFrom("owner", "editor", "viewer", "left", "none"),
          b: fc.constantFrom("owner", "editor", "viewer", "none"),
          current: fc.constantFrom("a" as const, "b" as const, null),
          askFor: fc.constantFrom("current", "a", "b", "missing"),
        }),
        async ({ expired, a, b, current, askFor }) => {
          n += 1;
          const user = await insertTestUser(db, "session-join");
          const other = await insertTestUser(db, "session-join-other");
          const join = async (relation: string) => {
            const project = await insertProject(`P${n}-${relation}`, relation === "owner" ? user.id : other.id, db);
            if (relation === "editor" || relation === "viewer" || relation === "left")
              await insertMember(project.id, user.id, relation === "viewer" ? "viewer" : "editor", db);
            if (relation === "left") await db.delete(projectMembers).where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, user.id)));
            return project.id;
          };
          const ids = { a: await join(a), b: await join(b), missing: 2_100_000_000 - n };
          await setCurrentProject(user.id, current === null ? null : ids[current], db);
          const tokenHash = `hash-${Date.now()}-${n}`;
          await insertSession({ tokenHash, userId: user.id, expiresAt: new Date(Date.now() + (expired ? -1 : 1) * 60_000) }, db);

          const wanted = askFor === "current" ? ("current" as const) : ids[askFor];
          const together = await findLiveSessionWithMembership(tokenHash, wanted, db);
          const session = await findLiveSession(tokenHash, db);
          const membership = !session ? undefined : wanted === "current" ? await currentMembership(user.id, db) : await findMembership(user.id, wanted, db);

          expect(together === undefined).toBe(session === undefined);
          if (!together || !session) return;
          expect(together.session).toEqual(session.session);
          expect(together.user).toEqual(session.user);
          expect(together.membership).toEqual(membership);
        },
      ),
      { numRuns: 60 },
    );
  });
});
