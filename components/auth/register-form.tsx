"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { authApi, REGISTERED_EMAIL_KEY, REGISTERED_MESSAGE } from "@/lib/auth/api";
import { callApi } from "@/lib/http/contract";
import { fieldErrorOf } from "@/lib/http/field-errors";
import { EmailPasswordFields, FormError, OrDivider, ProviderButtons } from "./auth-card";

export function RegisterForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await callApi(authApi.register, {
      body: {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        firstName: String(form.get("firstName") ?? ""),
        lastName: String(form.get("lastName") ?? ""),
      },
    });
    if (!result.ok) {
      console.error(`Response status: ${result.status}`);
      // The field is on the form beside the message: its API name is not for the engineer.
      setError(fieldErrorOf(result.error)?.message ?? result.error);
      setBusy(false);
      return;
    }
    // The same words whether or not the address already had an account: registration reveals nothing.
    toast.success(REGISTERED_MESSAGE);
    try {
      sessionStorage.setItem(REGISTERED_EMAIL_KEY, String(form.get("email") ?? "").trim());
    } catch {
      /* storage refused (private mode): the form starts empty */
    }
    router.push("/login");
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <FormError title="Could not sign up" message={error} />
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
      <EmailPasswordFields busy={busy} newPassword />
      <Button type="submit" disabled={busy}>
        Sign up
      </Button>
      <OrDivider />
      <ProviderButtons disabled={busy} />
    </form>
  );
}
