import "server-only";
import { memberRoles } from "@/db/queries/projects";
import { personNameOf } from "@/lib/auth/session";
import type { LiveDirectory } from "./hub";

/** The live tables' reads of names and memberships, from the database. */
export const databaseDirectory: LiveDirectory = { nameOf: personNameOf, rolesOf: (pairs) => memberRoles(pairs) };
