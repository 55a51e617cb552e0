import bcrypt from "bcryptjs";
import { eq } from "drizzle-orm";
import { resetEnv } from "@/lib/env";
import { describe, expect, it } from "vitest";
import { sessions, users } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { expectJson, TestClient } from "@/test/http";
import { testDb, useTestDatabase } from "@/test/database";
import * as login from "./login/route";
import * as logout from "./logout/route";
import * as me from "./me/route";
import * as register from "./register/route";

const database = useTestDatabase();

async function registerUser(client: TestClient, email: string, password = "correct horse") {
  return client.post(register.POST, "/api/auth/register", { body: { email, password, firstName: "Ada", lastName: "Lovelace" } });
}

describe("POST /api/auth/register", () => {
  it("creates the account with a normalised e-mail, the names and a cost-12 bcrypt hash", async () => {
    const res = await registerUser(new TestClient(), "  Ada.Lovelace@Example.COM ");
    const body = await expectJson(res, 201);
    expect(body).toEqual({ message: "If this address is new, its account is ready: sign in." });
    const [stored] = await testDb(database).select().from(users).where(eq(users.email, "ada.lovelace@example.com"));
    expect(stored).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    expect(bcrypt.getRounds(stored!.passwordHash)).toBe(12);
    expect(await bcrypt.compare("correct horse", stored!.passwordHash)).toBe(true);
  });

  it("accepts the spec's payload without names", async () => {
    const res = await new TestClient().post(register.POST, "/api/auth/register", { body: { email: "nonames@example.com", password: "12345678" } });
    await expectJson(res, 201);
    const [stored] = await testDb(database).select().from(users).where(eq(users.email, "nonames@example.com"));
    expect(stored).toMatchObject({ firstName: "", lastName: "" });
  });

  it("answers a taken e-mail exactly as a new one, and neither creates a second account nor changes the first", async () => {
    await registerUser(new TestClient(), "dup@example.com");
    const [before] = await testDb(database).select().from(users).where(eq(users.email, "dup@example.com"));
    const fresh = await registerUser(new TestClient(), "fresh@example.com", "another password");
    const taken = await registerUser(new TestClient(), "DUP@example.com", "another password");
    expect(taken.status).toBe(fresh.status);
    expect(await taken.text()).toBe(await fresh.text());
    const after = await testDb(database).select().from(users).where(eq(users.email, "dup@example.com"));
    expect(after).toEqual([before]);
    // The owner's password still works; the second registration's does not.
    await expectJson(await new TestClient().post(login.POST, "/api/auth/login", { body: { email: "dup@example.com", password: "correct horse" } }), 200);
    await expectJson(await new TestClient().post(login.POST, "/api/auth/login", { body: { email: "dup@example.com", password: "another password" } }), 401);
  });

  it("refuses passwords under 8 characters or over 72 bytes with 400", async () => {
    const short = await expectJson(await registerUser(new TestClient(), "short@example.com", "1234567"), 400);
    expect(short.error).toMatch(/at least 8 characters/);
    // 25 three-byte characters: 25 characters but 75 bytes.
    const long = await expectJson(await registerUser(new TestClient(), "long@example.com", "€".repeat(25)), 400);
    expect(long.error).toMatch(/at most 72 bytes/);
    const count = await testDb(database).select().from(users).where(eq(users.email, "short@example.com"));
    expect(count).toHaveLength(0);
  });

  it("names the field when a value has the wrong type or the e-mail is invalid", async () => {
    const client = new TestClient();
    const wrongType = await expectJson(await client.post(register.POST, "/api/auth/register", { body: { email: 42, password: "12345678" } }), 400);
    expect(wrongType.error).toContain('"email"');
    const invalid = await expectJson(await client.post(register.POST, "/api/auth/register", { body: { email: "not-an-email", password: "12345678" } }), 400);
    expect(invalid.error).toContain('"email"');
    const noPassword = await expectJson(await client.post(register.POST, "/api/auth/register", { body: { email: "a@b.co" } }), 400);
    expect(noPassword.error).toContain('"password"');
  });

  it("refuses text Postgres cannot store (a NUL character, a lone surrogate) with 400 naming the field", async () => {
    const client = new TestClient();
    const nul = await expectJson(
      await client.post(register.POST, "/api/auth/register", { body: { email: "nul@example.com", password: "12345678", firstName: "A\u0000B" } }),
      400,
    );
    expect(nul.error).toContain('"firstName"');
    const surrogate = await expectJson(
      await client.post(register.POST, "/api/auth/register", { body: { email: "s@example.com", password: "12345678", lastName: "\ud800" } }),
      400,
    );
    expect(surrogate.error).toContain('"lastName"');
    const loginNul = await expectJson(await client.post(login.POST, "/api/auth/login", { body: { email: "x\u0000@example.com", password: "12345678" } }), 400);
    expect(loginNul.error).toContain('"email"');
  });

  it("answers 400 to malformed JSON and to a body that is not an object", async () => {
    const client = new TestClient();
    await expectJson(await client.post(register.POST, "/api/auth/register", { rawBody: '{"email": "a@b.co",' }), 400);
    await expectJson(await client.post(register.POST, "/api/auth/register", { rawBody: "[1,2]" }), 400);
    await expectJson(await client.post(register.POST, "/api/auth/register", { rawBody: "null" }), 400);
  });
});

describe("request forgery and size limits on state-changing routes", () => {
  const body = { email: "csrf@example.com", password: "12345678" };

  it("answers 403 without an Origin, with Origin null, or with a foreign Origin, and writes nothing", async () => {
    const client = new TestClient();
    for (const origin of [null, "null", "https://evil.example.com", "http://localhost:3001"]) {
      const res = await client.post(register.POST, "/api/auth/register", { body, origin });
      const json = await expectJson(res, 403);
      expect(json.error).toMatch(/Origin/);
    }
    expect(await testDb(database).select().from(users).where(eq(users.email, "csrf@example.com"))).toHaveLength(0);
  });

  it("accepts an origin listed in ALLOWED_ORIGINS", async () => {
    const { isAllowedOrigin, publicOrigins } = await import("@/lib/http/origins");
    const { parseEnv } = await import("@/lib/env");
    expect(isAllowedOrigin("https://pontifex.example.com", publicOrigins(parseEnv({})))).toBe(false);
    expect(isAllowedOrigin("https://pontifex.example.com", publicOrigins(parseEnv({ ALLOWED_ORIGINS: "https://pontifex.example.com" })))).toBe(true);
  });

  it("answers 415 to a body that is not declared as JSON", async () => {
    const client = new TestClient();
    for (const contentType of [null, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const json = await expectJson(await client.post(register.POST, "/api/auth/register", { body, contentType }), 415);
      expect(json.error).toMatch(/application\/json/);
    }
    expect(await testDb(database).select().from(users).where(eq(users.email, "csrf@example.com"))).toHaveLength(0);
  });

  it("answers 413 to a body over 2 MB, declared or streamed", async () => {
    const client = new TestClient();
    const huge = JSON.stringify({ ...body, firstName: "x".repeat(2 * 1024 * 1024) });
    await expectJson(await client.post(register.POST, "/api/auth/register", { rawBody: huge }), 413);
    await expectJson(await client.post(register.POST, "/api/auth/register", { rawBody: huge, headers: { "content-length": String(huge.length) } }), 413);
  });
});

describe("POST /api/auth/login", () => {
  it("sets an opaque HttpOnly SameSite=Lax Session cookie stored only as its SHA-256", async () => {
    await registerUser(new TestClient(), "login@example.com");
    const client = new TestClient();
    const res = await client.post(login.POST, "/api/auth/login", { body: { email: "LOGIN@example.com ", password: "correct horse" } });
    const body = await expectJson<{ user: { email: string } }>(res, 200);
    expect(body.user.email).toBe("login@example.com");
    const setCookie = res.headers.getSetCookie();
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^Session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie[0]).toMatch(/; HttpOnly/);
    expect(setCookie[0]).toMatch(/; SameSite=Lax/);
    expect(setCookie[0]).toMatch(/; Path=\//);
    expect(setCookie[0]).toMatch(/; Max-Age=604800/);
    expect(setCookie[0]).not.toMatch(/Secure/);
    const token = client.cookies.get("Session")!;
    const stored = await testDb(database)
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    const plain = await testDb(database).select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(plain).toHaveLength(0);
  });

  it("marks the cookie Secure when served over HTTPS (a trusted proxy says so), and not on a forged header", async () => {
    await registerUser(new TestClient(), "secure@example.com");
    const signIn = () =>
      new TestClient().post(login.POST, "/api/auth/login", {
        body: { email: "secure@example.com", password: "correct horse" },
        headers: { "x-forwarded-proto": "https" },
      });
    const forged = await signIn();
    await expectJson(forged, 200);
    expect(forged.headers.getSetCookie()[0]).not.toMatch(/; Secure/);
    process.env.TRUST_PROXY = "1";
    resetEnv();
    try {
      const res = await signIn();
      await expectJson(res, 200);
      expect(res.headers.getSetCookie()[0]).toMatch(/; Secure/);
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnv();
    }
  });

  it("gives wrong password and unknown e-mail the same 401 answer", async () => {
    await registerUser(new TestClient(), "same@example.com");
    const wrong = await expectJson(
      await new TestClient().post(login.POST, "/api/auth/login", { body: { email: "same@example.com", password: "wrong password" } }),
      401,
    );
    const unknown = await expectJson(
      await new TestClient().post(login.POST, "/api/auth/login", { body: { email: "nobody@example.com", password: "wrong password" } }),
      401,
    );
    expect(wrong).toEqual(unknown);
    expect(wrong.error).toBe("Wrong e-mail or password.");
  });

  it("locks an e-mail after 10 failures in 15 minutes with 429, even for the right password", async () => {
    await registerUser(new TestClient(), "locked@example.com");
    const client = new TestClient();
    for (let i = 0; i < 10; i++) {
      await expectJson(await client.post(login.POST, "/api/auth/login", { body: { email: "locked@example.com", password: `wrong-${i}` } }), 401);
    }
    const res = await client.post(login.POST, "/api/auth/login", { body: { email: "locked@example.com", password: "correct horse" } });
    const body = await expectJson(res, 429);
    expect(body.error).toMatch(/Too many failed log-in attempts/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it("answers 400 naming the field for a wrong type", async () => {
    const body = await expectJson(await new TestClient().post(login.POST, "/api/auth/login", { body: { email: "a@b.co", password: 12345678 } }), 400);
    expect(body.error).toContain('"password"');
  });
});

describe("sessions: GET /api/auth/me and POST /api/auth/logout", () => {
  it("knows the signed-in user, and forgets them after logout even if the old cookie is replayed", async () => {
    await registerUser(new TestClient(), "me@example.com");
    const client = new TestClient();
    await client.post(login.POST, "/api/auth/login", { body: { email: "me@example.com", password: "correct horse" } });
    const oldCookie = client.cookieHeader()!;
    const meBody = await expectJson<{ user: { email: string; firstName: string } }>(await client.get(me.GET, "/api/auth/me"), 200);
    expect(meBody.user).toMatchObject({ email: "me@example.com", firstName: "Ada" });

    const out = await client.post(logout.POST, "/api/auth/logout", {});
    await expectJson(out, 200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^Session=; Path=\/; Max-Age=0/);
    expect(client.cookies.has("Session")).toBe(false);

    await expectJson(await client.get(me.GET, "/api/auth/me"), 401);
    await expectJson(await new TestClient().get(me.GET, "/api/auth/me", { headers: { cookie: oldCookie } }), 401);
  });

  it("stops a session deleted behind this server's back (another server's sign-out) at once", async () => {
    await registerUser(new TestClient(), "elsewhere@example.com");
    const client = new TestClient();
    await client.post(login.POST, "/api/auth/login", { body: { email: "elsewhere@example.com", password: "correct horse" } });
    await expectJson(await client.get(me.GET, "/api/auth/me"), 200);
    await testDb(database)
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(client.cookies.get("Session")!)));
    await expectJson(await client.get(me.GET, "/api/auth/me"), 401);
  });

  it("answers 401 to no cookie, a forged cookie and an expired session", async () => {
    await expectJson(await new TestClient().get(me.GET, "/api/auth/me"), 401);
    await expectJson(await new TestClient().get(me.GET, "/api/auth/me", { headers: { cookie: "Session=forged-token-value" } }), 401);

    await registerUser(new TestClient(), "expired@example.com");
    const client = new TestClient();
    await client.post(login.POST, "/api/auth/login", { body: { email: "expired@example.com", password: "correct horse" } });
    const tokenHash = hashToken(client.cookies.get("Session")!);
    await testDb(database)
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    await expectJson(await client.get(me.GET, "/api/auth/me"), 401);
  });

  it("pushes the idle expiry out to 7 days when a day-old session is used, and re-sends the cookie", async () => {
    await registerUser(new TestClient(), "extend@example.com");
    const client = new TestClient();
    await client.post(login.POST, "/api/auth/login", { body: { email: "extend@example.com", password: "correct horse" } });
    const tokenHash = hashToken(client.cookies.get("Session")!);
    const twoDaysUsed = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await testDb(database).update(sessions).set({ expiresAt: twoDaysUsed }).where(eq(sessions.tokenHash, tokenHash));
    const res = await client.get(me.GET, "/api/auth/me");
    await expectJson(res, 200);
    expect(res.headers.getSetCookie()[0]).toMatch(/^Session=.*Max-Age=60\d{4}/);
    const [stored] = await testDb(database).select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
  });

  it("never extends a session past 30 days from sign-in, however much it is used", async () => {
    await registerUser(new TestClient(), "absolute@example.com");
    const client = new TestClient();
    await client.post(login.POST, "/api/auth/login", { body: { email: "absolute@example.com", password: "correct horse" } });
    const tokenHash = hashToken(client.cookies.get("Session")!);
    const day = 24 * 3600 * 1000;
    // Signed in 29 days ago and used daily since: one day of its lifetime is left, whatever the idle timeout.
    await testDb(database)
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 29 * day), expiresAt: new Date(Date.now() + 0.5 * day) })
      .where(eq(sessions.tokenHash, tokenHash));
    await expectJson(await client.get(me.GET, "/api/auth/me"), 200);
    const [stored] = await testDb(database).select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + day + 1000);
    // Past 30 days it is over.
    await testDb(database)
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * day), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    await expectJson(await client.get(me.GET, "/api/auth/me"), 401);
  });

  it("logout also requires the app's own Origin", async () => {
    const body = await expectJson(await new TestClient().post(logout.POST, "/api/auth/logout", { origin: "https://evil.example.com" }), 403);
    expect(body.error).toMatch(/Origin/);
  });
});
