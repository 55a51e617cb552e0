import { randomBytes } from "node:crypto";
import * as login from "@/app/api/auth/login/route";
import * as register from "@/app/api/auth/register/route";
import { TestClient } from "./http";

/** A client signed in as a freshly registered user. */
export async function signedInClient(prefix = "engineer"): Promise<{ client: TestClient; email: string; userId: number }> {
  const email = `${prefix}.${randomBytes(4).toString("hex")}@example.com`;
  const password = "test-password-123";
  const client = new TestClient();
  const reg = await client.post(register.POST, "/api/auth/register", { body: { email, password } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { user } = (await reg.json()) as { user: { id: number } };
  const res = await client.post(login.POST, "/api/auth/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return { client, email, userId: user.id };
}
