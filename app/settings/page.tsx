import type { Metadata } from "next";
import Link from "next/link";
import { LogoutButton } from "@/components/layout/logout-button";
import { MidasConnectionSettings } from "@/components/settings/midas-connection";
import { RevitTokens } from "@/components/settings/revit-tokens";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InvitationsReceived } from "@/components/projects/invitations-received";
import { ProjectsSettings } from "@/components/projects/projects-settings";
import { requireUser } from "@/lib/auth/current-user";
import { DEFAULT_MIDAS_BASE_URL } from "@/lib/midas/client";
import { findConnection } from "@/lib/midas/connection";
import { myInvitations } from "@/lib/projects/invitations";
import { pageProjects } from "@/lib/projects/page";
import { WEBSOCKET_PATH } from "@/lib/revit/protocol";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUser("/settings");
  const page = await pageProjects();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || "(no name given)";
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight text-foreground dark:text-white">Settings</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Account</h2>
          </CardTitle>
          <CardDescription>You are signed in as this user.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">Name</dt>
            <dd data-testid="settings-name">{name}</dd>
            <dt className="text-muted-foreground">E-mail</dt>
            <dd data-testid="settings-email" className="break-all">
              {user.email}
            </dd>
          </dl>
          <div>
            <LogoutButton />
          </div>
        </CardContent>
      </Card>
      <InvitationsReceived initial={await myInvitations(user)} />
      <ProjectsSettings projects={page?.projects ?? []} currentId={page?.storedCurrentId ?? null} selfId={user.id} />
      <MidasConnectionSettings initial={await findConnection(user.id)} defaultBaseUrl={DEFAULT_MIDAS_BASE_URL} />
      <RevitTokens websocketPath={WEBSOCKET_PATH} />
      <p className="text-sm text-muted-foreground" data-testid="settings-api-reference">
        Scripts can do what these pages do through the HTTP API: see the{" "}
        <Link href="/docs/api" className="text-foreground underline underline-offset-4">
          API reference
        </Link>
        .
      </p>
    </div>
  );
}
