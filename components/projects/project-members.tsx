"use client";

import { MailIcon, Trash2Icon, UserPlusIcon, XIcon } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldMessage } from "@/components/ui/field-message";
import { Label } from "@/components/ui/label";
import { useFieldErrors } from "@/hooks/use-field-errors";
import { callApi } from "@/lib/http/contract";
import { projectsApi } from "@/lib/projects/api";
import type { ProjectMember, ProjectSummary, SentInvitationView } from "@/lib/projects/schemas";
import { formatDay } from "@/lib/format/time";

const ROLES = ["owner", "editor", "viewer"] as const;

const selectClass =
  "h-8 rounded-md border border-input bg-transparent px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30";

const day = (iso: string) => formatDay(iso);

/**
 * A project's members: everyone sees them; owners invite (by e-mail: the person joins when they accept), see and
 * withdraw pending invitations, change roles and remove.
 */
export function ProjectMembers({ project, selfId, onChanged }: { project: ProjectSummary; selfId: number; onChanged: () => void }) {
  const id = useId();
  const owner = project.role === "owner";
  const [members, setMembers] = useState<ProjectMember[] | null>(null);
  const [invitations, setInvitations] = useState<SentInvitationView[]>([]);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<(typeof ROLES)[number]>("viewer");
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [result, pending] = await Promise.all([
      callApi(projectsApi.members, { params: { id: project.id } }),
      owner ? callApi(projectsApi.projectInvitations, { params: { id: project.id } }) : undefined,
    ]);
    if (result.ok) setMembers(result.data.members);
    else toast.error(`Could not load the members: ${result.error}`);
    if (pending?.ok) setInvitations(pending.data.invitations);
  }, [project.id, owner]);

  useEffect(() => {
    // load sets state only once the answer is in (after an await).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const inviteFields = useFieldErrors(`${id}-invite`, { email: "E-mail address", role: "Role" }, "email");

  async function act(work: () => Promise<{ ok: boolean; error?: string }>, done: string) {
    setBusy(true);
    const result = await work();
    setBusy(false);
    if (!result.ok) {
      toast.error(result.error);
      return false;
    }
    toast.success(done);
    await load();
    onChanged();
    return true;
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    inviteFields.clear();
    const result = await callApi(projectsApi.invite, { params: { id: project.id }, body: { email, role } });
    setBusy(false);
    // Refused: said under the address (or the role), where the engineer is typing, not in a toast over the page.
    if (!result.ok) return inviteFields.show(result.error);
    toast.success(`Invited ${email} as ${role}: they join when they accept it on their Settings page.`);
    setEmail("");
    await load();
    onChanged();
  }

  return (
    <div className="grid gap-3">
      <ul className="grid gap-1" aria-label={`Members of ${project.name}`}>
        {members === null && <li className="text-sm text-muted-foreground">Loading...</li>}
        {members?.map((m) => {
          const name = [m.firstName, m.lastName].filter(Boolean).join(" ");
          return (
            <li key={m.userId} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm" data-testid="member">
              <span className="min-w-48 flex-1 break-all">
                {m.email}
                {name && <span className="text-muted-foreground"> ({name})</span>}
                {m.userId === selfId && <span className="text-muted-foreground"> (you)</span>}
              </span>
              {owner ? (
                <select
                  aria-label={`Role of ${m.email}`}
                  className={selectClass}
                  value={m.role}
                  disabled={busy}
                  onChange={(e) =>
                    void act(
                      () => callApi(projectsApi.changeMember, { params: { id: project.id, userId: m.userId }, body: { role: e.target.value } }),
                      `${m.email} is now ${e.target.value}`,
                    )
                  }
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="text-muted-foreground">{m.role}</span>
              )}
              {(owner || m.userId === selfId) && (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={m.userId === selfId ? `Leave ${project.name}` : `Remove ${m.email}`}
                  title={m.userId === selfId ? "Leave the project" : "Remove from the project"}
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => callApi(projectsApi.removeMember, { params: { id: project.id, userId: m.userId } }),
                      m.userId === selfId ? `You left ${project.name}` : `Removed ${m.email}`,
                    )
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {owner && invitations.length > 0 && (
        <ul className="grid gap-1" aria-label={`Pending invitations to ${project.name}`}>
          {invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm" data-testid="invitation">
              <MailIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="min-w-48 flex-1 break-all">
                {i.email}
                <span className="text-muted-foreground">
                  {" "}
                  (invited as {i.role}, until {day(i.expiresAt)})
                </span>
              </span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Withdraw the invitation of ${i.email}`}
                title="Withdraw the invitation"
                disabled={busy}
                onClick={() =>
                  void act(
                    () => callApi(projectsApi.withdrawInvitation, { params: { id: project.id, invitationId: i.id } }),
                    `Withdrew the invitation of ${i.email}`,
                  )
                }
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void add(e)} aria-label={`Invite a member to ${project.name}`}>
          <div className="grid min-w-48 flex-1 gap-1">
            <Label htmlFor={`${id}-email`}>E-mail address</Label>
            <Input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required {...inviteFields.propsOf("email")} />
            <FieldMessage id={inviteFields.messageId("email")}>{inviteFields.messageOf("email")}</FieldMessage>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <select id={`${id}-role`} className={`${selectClass} h-9`} value={role} onChange={(e) => setRole(e.target.value as (typeof ROLES)[number])}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <FieldMessage id={inviteFields.messageId("role")}>{inviteFields.messageOf("role")}</FieldMessage>
          </div>
          <Button type="submit" disabled={busy || email.trim() === ""}>
            <UserPlusIcon aria-hidden="true" />
            Invite
          </Button>
        </form>
      )}
    </div>
  );
}
