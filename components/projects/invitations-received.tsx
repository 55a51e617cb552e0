"use client";

import { CheckIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { callApi } from "@/lib/http/contract";
import { projectsApi } from "@/lib/projects/api";
import type { InvitationView } from "@/lib/projects/schemas";

/** The invitations waiting for the signed-in person's answer: nobody joins a project without accepting. */
export function InvitationsReceived({ initial }: { initial: InvitationView[] }) {
  const router = useRouter();
  const [invitations, setInvitations] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  async function answer(invitation: InvitationView, yes: boolean) {
    setBusy(invitation.id);
    const params = { invitationId: invitation.id };
    const result = yes ? await callApi(projectsApi.acceptInvitation, { params }) : await callApi(projectsApi.declineInvitation, { params });
    setBusy(null);
    if (!result.ok) {
      toast.error(result.error);
      // Withdrawn or expired meanwhile: it is gone either way.
      if (result.status === 404) setInvitations((now) => now.filter((i) => i.id !== invitation.id));
      return;
    }
    setInvitations((now) => now.filter((i) => i.id !== invitation.id));
    toast.success(yes ? `You joined ${invitation.project.name} as ${invitation.role}.` : `Declined the invitation to ${invitation.project.name}.`);
    if (yes) router.refresh();
  }

  if (invitations.length === 0) return null;
  return (
    <Card data-testid="invitations">
      <CardHeader>
        <CardTitle>
          <h2>Invitations</h2>
        </CardTitle>
        <CardDescription>You join a project only when you accept its invitation.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Invitations waiting for your answer">
          {invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm" data-testid="invitation-received">
              <span className="min-w-0 flex-1 break-words">
                <strong>{i.project.name}</strong> as {i.role}
                {i.invitedBy && <span className="text-muted-foreground"> (invited by {i.invitedBy.name})</span>}
              </span>
              <Button size="sm" onClick={() => void answer(i, true)} disabled={busy !== null} aria-label={`Accept the invitation to ${i.project.name}`}>
                <CheckIcon aria-hidden="true" />
                Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void answer(i, false)}
                disabled={busy !== null}
                aria-label={`Decline the invitation to ${i.project.name}`}
              >
                <XIcon aria-hidden="true" />
                Decline
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
