import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, shouldSeedDemo } from "./env";

describe("parseEnv", () => {
  it("has a default for everything, and the embedded database when DATABASE_URL is unset", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", PGLITE_DIR: ".data", LOG_LEVEL: "info", ALLOWED_ORIGINS: [] });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(shouldSeedDemo(env)).toBe(true);
  });

  it("reads valid values", () => {
    const env = parseEnv({
      PORT: "8080",
      DATABASE_URL: "postgresql://u:p@db:5432/pontifex",
      ALLOWED_ORIGINS: "https://a.example.com, https://b.example.com/",
      SUPER_T_URL: "https://supert.example.com/app",
      SEED_DEMO: "1",
      LOG_LEVEL: "debug",
    });
    expect(env).toMatchObject({ PORT: 8080, LOG_LEVEL: "debug", ALLOWED_ORIGINS: ["https://a.example.com", "https://b.example.com"] });
    expect(shouldSeedDemo(env)).toBe(true);
    expect(shouldSeedDemo(parseEnv({ DATABASE_URL: "postgres://db/x" }))).toBe(false);
  });

  it("names the variable and what it expects, in one line", () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: "0" }, "Invalid environment variable PORT: expected a port number 1-65535 (got \"0\")"],
      [{ PORT: "1.5" }, "Invalid environment variable PORT: expected a port number 1-65535 (got \"1.5\")"],
      [{ DATABASE_URL: "localhost:5432" }, "Invalid environment variable DATABASE_URL: expected a postgres:// or postgresql:// connection URL (got \"localhost:5432\")"],
      [{ ALLOWED_ORIGINS: "https://ok.example.com,https://bad.example.com/path" }, "Invalid environment variable ALLOWED_ORIGINS:"],
      [{ DECK_UNIT_URL: "javascript:alert(1)" }, "Invalid environment variable DECK_UNIT_URL: expected an http(s) URL"],
      [{ LOG_LEVEL: "verbose" }, "Invalid environment variable LOG_LEVEL: expected one of"],
      [{ SEED_DEMO: "maybe" }, "Invalid environment variable SEED_DEMO: expected \"1\" or \"0\""],
    ];
    for (const [source, message] of cases) {
      expect(() => parseEnv(source)).toThrow(EnvError);
      try {
        parseEnv(source);
      } catch (error) {
        expect((error as Error).message.startsWith(message), (error as Error).message).toBe(true);
        expect((error as Error).message).not.toContain("\n");
      }
    }
  });
});
