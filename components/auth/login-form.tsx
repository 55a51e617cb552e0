"use client";

import { CircleCheckIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { authApi, REGISTERED_EMAIL_KEY } from "@/lib/auth/api";
import { callApi } from "@/lib/http/contract";
import { fieldErrorOf } from "@/lib/http/field-errors";
import { EmailPasswordFields, FormError, OrDivider, ProviderButtons } from "./auth-card";

export const LOGIN_REDIRECT_DELAY_MS = 2000;

export function LoginForm({ returnTo }: { returnTo: string }) {
  const router = useRouter();
  const [state, setState] = useState<"idle" | "submitting" | "success">("idle");
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Straight from sign-up: the address just registered is filled in, so only the password is left to type.
  useEffect(() => {
    let email: string | null = null;
    try {
      email = sessionStorage.getItem(REGISTERED_EMAIL_KEY);
      sessionStorage.removeItem(REGISTERED_EMAIL_KEY);
    } catch {
      /* storage refused: the form starts empty */
    }
    const fields = formRef.current?.elements;
    const emailField = fields?.namedItem("email");
    const passwordField = fields?.namedItem("password");
    if (!email || !(emailField instanceof HTMLInputElement) || emailField.value !== "") return;
    emailField.value = email;
    if (passwordField instanceof HTMLInputElement) passwordField.focus();
  }, []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState("submitting");
    setError(null);
    const result = await callApi(authApi.login, {
      body: { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
    });
    if (!result.ok) {
      console.error(`Response status: ${result.status}`);
      // The field is on the form beside the message: its API name is not for the engineer.
      setError(fieldErrorOf(result.error)?.message ?? result.error);
      setState("idle");
      return;
    }
    setState("success");
    setTimeout(() => {
      router.replace(returnTo);
      router.refresh();
    }, LOGIN_REDIRECT_DELAY_MS);
  }

  const busy = state !== "idle";
  return (
    <form ref={formRef} onSubmit={onSubmit} className="grid gap-5" noValidate={false}>
      {state === "success" && (
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <AlertTitle>Success</AlertTitle>
          <AlertDescription className="text-current">Login successful! Redirecting...</AlertDescription>
        </Alert>
      )}
      <FormError title="Could not log in" message={error} />
      <EmailPasswordFields busy={busy} />
      <Button type="submit" disabled={busy}>
        Log in
      </Button>
      <OrDivider />
      <ProviderButtons disabled={busy} />
      <p className="text-center text-sm text-muted-foreground">
        <Link href="/register" className="underline underline-offset-4 hover:text-foreground">
          Not Registered, click here.
        </Link>
      </p>
    </form>
  );
}
