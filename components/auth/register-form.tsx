"use client";

import { CircleXIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiRequest } from "@/lib/api-client";
import { OrDivider, ProviderButtons } from "./auth-card";

export function RegisterForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await apiRequest("/api/auth/register", {
      method: "POST",
      body: {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        firstName: String(form.get("firstName") ?? ""),
        lastName: String(form.get("lastName") ?? ""),
      },
    });
    if (!result.ok) {
      console.error(`Response status: ${result.status}`);
      setError(result.error);
      setBusy(false);
      return;
    }
    toast.success("Account created. Log in with your e-mail and password.");
    router.push("/login");
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      {error && (
        <Alert variant="destructive">
          <CircleXIcon aria-hidden="true" />
          <AlertTitle>Could not sign up</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="firstName">First name</Label>
          <Input id="firstName" name="firstName" autoComplete="given-name" disabled={busy} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="lastName">Last name</Label>
          <Input id="lastName" name="lastName" autoComplete="family-name" disabled={busy} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="email">Email Address</Label>
        <Input id="email" name="email" type="email" autoComplete="email" required disabled={busy} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">Password</Label>
        <Input id="password" name="password" type="password" autoComplete="new-password" required disabled={busy} aria-describedby="password-hint" />
        <p id="password-hint" className="text-xs text-muted-foreground">
          At least 8 characters.
        </p>
      </div>
      <Button type="submit" disabled={busy}>
        Sign up
      </Button>
      <OrDivider />
      <ProviderButtons disabled={busy} />
    </form>
  );
}
