import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "Sign-up" };

export default function RegisterPage() {
  return (
    <AuthCard title="Sign-up" description="Create your Pontifex account.">
      <RegisterForm />
    </AuthCard>
  );
}
