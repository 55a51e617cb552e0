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
export const inviteSchema = z.object({
  email: storableText({ max: 320, typeError: "expected the e-mail address as text" }).transform((v) => v.trim().toLowerCase()),
  role: projectRoleSchema,
});
export const changeMemberSchema = z.object({ role: projectRoleSchema });

/** A pending invitation as the project's owners see it. */
export const sentInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: projectRoleSchema,
    createdAt: z.string().meta({ format: "date-time" }),
    expiresAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "SentInvitation" });
export type SentInvitationView = z.infer<typeof sentInvitationSchema>;

/** A pending invitation as the invited person sees it on /settings. */
export const invitationSchema = z
  .object({
    id: z.string(),
    project: z.object({ id: z.number().int(), name: z.string() }),
    role: projectRoleSchema,
    invitedBy: z
      .object({ name: z.string(), email: z.string() })
      .nullable()
      .meta({ description: "The owner who invited you (null once that account is gone)." }),
    createdAt: z.string().meta({ format: "date-time" }),
    expiresAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Invitation" });
export type InvitationView = z.infer<typeof invitationSchema>;

export const invitationIdSchema = z.uuid({ error: "expected an invitation id" });
export const invitationParams = z.object({ invitationId: invitationIdSchema });
export const projectInvitationParams = z.object({ id: idSchema, invitationId: invitationIdSchema });

export const projectParams = z.object({ id: idSchema });
export const memberParams = z.object({ id: idSchema, userId: idSchema });
