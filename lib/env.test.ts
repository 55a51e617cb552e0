import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, shouldSeedDemo } from "./env";

describe("parseEnv", () => {
  it("never echoes the secret, not even a wrong one", () => {
    expect(() => parseEnv({ PONTIFEX_SECRET: "hunter2-hunter2" })).toThrow("(got 15 characters)");
    try {
      parseEnv({ PONTIFEX_SECRET: "hunter2-hunter2" });
    } catch (error) {
      expect((error as Error).message).not.toContain("hunter2");
    }
  });

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
      PONTIFEX_SECRET: "  0123456789abcdef0123456789abcdef  ",
      MIDAS_ALLOWED_HOSTS: "moa-engineers.midasit.com, 10.1.2.3:8090,[::1]:8090",
    });
    expect(env.PONTIFEX_SECRET).toBe("0123456789abcdef0123456789abcdef");
    expect(env.MIDAS_ALLOWED_HOSTS).toBe("moa-engineers.midasit.com,10.1.2.3:8090,[::1]:8090");
    expect(env).toMatchObject({ PORT: 8080, LOG_LEVEL: "debug", ALLOWED_ORIGINS: ["https://a.example.com", "https://b.example.com"] });
    expect(shouldSeedDemo(env)).toBe(true);
    expect(shouldSeedDemo(parseEnv({ DATABASE_URL: "postgres://db/x", PONTIFEX_SECRET: "x".repeat(32) }))).toBe(false);
  });

  it("reads the assistant's model settings; the key and model are optional, blanks are unset", () => {
    const unset = parseEnv({});
    expect([unset.LLM_BASE_URL, unset.LLM_API_KEY, unset.LLM_MODEL, unset.CHAT_MESSAGES_PER_MINUTE]).toEqual([undefined, undefined, undefined, 20]);
    expect(
      parseEnv({ LLM_BASE_URL: "https://api.openai.com/v1", LLM_API_KEY: " sk-abc ", LLM_MODEL: "gpt-4.1-mini", CHAT_MESSAGES_PER_MINUTE: "5" }),
    ).toMatchObject({ LLM_BASE_URL: "https://api.openai.com/v1", LLM_API_KEY: "sk-abc", LLM_MODEL: "gpt-4.1-mini", CHAT_MESSAGES_PER_MINUTE: 5 });
    expect([unset.CHAT_MAX_CONVERSATION_BYTES, unset.CHAT_MAX_CONVERSATIONS_PER_PROJECT]).toEqual([1_000_000, 500]);
    expect(parseEnv({ CHAT_MAX_CONVERSATION_BYTES: "200000", CHAT_MAX_CONVERSATIONS_PER_PROJECT: "50" })).toMatchObject({
      CHAT_MAX_CONVERSATION_BYTES: 200_000,
      CHAT_MAX_CONVERSATIONS_PER_PROJECT: 50,
    });
    const blank = parseEnv({ LLM_BASE_URL: "", LLM_API_KEY: "", LLM_MODEL: "  " });
    expect([blank.LLM_BASE_URL, blank.LLM_API_KEY, blank.LLM_MODEL]).toEqual([undefined, undefined, undefined]);
  });

  it("names the variable and what it expects, in one line", () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: "0" }, 'Invalid environment variable PORT: expected a port number 1-65535 (got "0")'],
      [{ PORT: "1.5" }, 'Invalid environment variable PORT: expected a port number 1-65535 (got "1.5")'],
      [
        { DATABASE_URL: "localhost:5432" },
        'Invalid environment variable DATABASE_URL: expected a postgres:// or postgresql:// connection URL (got "localhost:5432")',
      ],
      [{ ALLOWED_ORIGINS: "https://ok.example.com,https://bad.example.com/path" }, "Invalid environment variable ALLOWED_ORIGINS:"],
      [{ DECK_UNIT_URL: "javascript:alert(1)" }, "Invalid environment variable DECK_UNIT_URL: expected an http(s) URL"],
      [{ LOG_LEVEL: "verbose" }, "Invalid environment variable LOG_LEVEL: expected one of"],
      [{ SEED_DEMO: "maybe" }, 'Invalid environment variable SEED_DEMO: expected "1" or "0"'],
      [{ LLM_BASE_URL: "localhost:11434/v1" }, "Invalid environment variable LLM_BASE_URL: expected an http(s) URL"],
      [{ CHAT_MESSAGES_PER_MINUTE: "0" }, "Invalid environment variable CHAT_MESSAGES_PER_MINUTE: expected a whole number of messages"],
      [{ CHAT_MAX_CONVERSATION_BYTES: "5000" }, "Invalid environment variable CHAT_MAX_CONVERSATION_BYTES: expected a size in bytes of at least 10000"],
      [
        { CHAT_MAX_CONVERSATIONS_PER_PROJECT: "0" },
        "Invalid environment variable CHAT_MAX_CONVERSATIONS_PER_PROJECT: expected a whole number of conversations",
      ],
      [{ DATABASE_URL: "postgres://db/x" }, "Invalid environment variable PONTIFEX_SECRET: required when DATABASE_URL is set"],
      [{ DATABASE_URL: "postgres://db/x", PONTIFEX_SECRET: "   " }, "Invalid environment variable PONTIFEX_SECRET: required when DATABASE_URL is set"],
      [{ PONTIFEX_SECRET: "s3cret-but-short" }, "Invalid environment variable PONTIFEX_SECRET: expected at least 32 characters"],
      [
        { MIDAS_ALLOWED_HOSTS: "midas.example.com, http://evil.example.com" },
        "Invalid environment variable MIDAS_ALLOWED_HOSTS: expected comma-separated host",
      ],
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
