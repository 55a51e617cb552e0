import type { Metadata } from "next";
import { LogoutButton } from "@/components/layout/logout-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requireUser("/settings");
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || "(no name given)";
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight text-white">Settings</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Account</h2>
          </CardTitle>
          <CardDescription>You are signed in as this user.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-muted-foreground">Name</dt>
            <dd data-testid="settings-name">{name}</dd>
            <dt className="text-muted-foreground">E-mail</dt>
            <dd data-testid="settings-email">{user.email}</dd>
          </dl>
          <div>
            <LogoutButton />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
