import { z } from "zod";
import { projectRoles } from "@/db/schema";
import { isStorableText, MAX_ID, STORABLE_TEXT_MESSAGE, storableText } from "@/lib/validation";
import { MAX_PROJECT_NAME } from "./api";

export const projectRoleSchema = z.enum(projectRoles, { error: 'expected "owner", "editor" or "viewer"' });

export const projectNameSchema = z
  .string({ error: "expected the project's name as text" })
  .trim()
  .min(1, { error: "a project needs a name" })
  .max(MAX_PROJECT_NAME, { error: `a project's name is at most ${MAX_PROJECT_NAME} characters` })
  .refine(isStorableText, { error: STORABLE_TEXT_MESSAGE });

/** A whole number id from a path segment or a body field. */
export const idSchema = z.coerce
  .number({ error: "expected a whole number id" })
  .int({ error: "expected a whole number id" })
  .min(1, { error: "expected a positive id" })
  .max(MAX_ID, { error: "no such id" });

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: projectRoleSchema,
  createdAt: z.string().meta({ format: "date-time" }),
  updatedAt: z.string().meta({ format: "date-time" }),
});
export type ProjectSummary = z.infer<typeof projectSchema>;

export const memberSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: projectRoleSchema,
});
export type ProjectMember = z.infer<typeof memberSchema>;

export const createProjectSchema = z.object({
  name: projectNameSchema,
  copyFrom: idSchema.optional().meta({ description: "Copy the tables (rows and columns, not members or pushes) of this project of yours." }),
});
export const renameProjectSchema = z.object({ name: projectNameSchema });
export const setCurrentSchema = z.object({ projectId: idSchema });
export const addMemberSchema = z.object({
  email: storableText({ max: 320, typeError: "expected the e-mail address as text" }).transform((v) => v.trim().toLowerCase()),
  role: projectRoleSchema,
});
export const changeMemberSchema = z.object({ role: projectRoleSchema });

export const projectParams = z.object({ id: idSchema });
export const memberParams = z.object({ id: idSchema, userId: idSchema });
