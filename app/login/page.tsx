import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { safeReturnPath } from "@/lib/auth/return-path";

export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({ searchParams }: PageProps<"/login">) {
  const { next } = await searchParams;
  return (
    <AuthCard title="Welcome" description="Log in">
      <LoginForm returnTo={safeReturnPath(typeof next === "string" ? next : null)} />
    </AuthCard>
  );
}
