import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { isAllowedOrigin, isHttpsRequest, isKnownHost, publicOrigins } from "./origins";

const headers = (values: Record<string, string>) => (name: string) => values[name];

describe("who the server is", () => {
  it("is http://localhost:$PORT by default, with 127.0.0.1 and [::1] on the same port", () => {
    const known = publicOrigins(parseEnv({ PORT: "4100" }));
    expect(known.primary).toBe("http://localhost:4100");
    for (const host of ["localhost:4100", "127.0.0.1:4100", "[::1]:4100", "LOCALHOST:4100"]) expect(isKnownHost(headers({ host }), known)).toBe(true);
    for (const host of ["localhost:4101", "evil.test", "evil.test:4100", "rebind.example.com:4100", ""])
      expect(isKnownHost(headers({ host }), known)).toBe(false);
    expect(isAllowedOrigin("http://127.0.0.1:4100", known)).toBe(true);
    expect(isAllowedOrigin("http://evil.test", known)).toBe(false);
  });

  it("believes X-Forwarded-Host and X-Forwarded-Proto only with TRUST_PROXY", () => {
    const direct = publicOrigins(parseEnv({ PUBLIC_URL: "https://pontifex.example.com" }));
    const proxied = publicOrigins(parseEnv({ PUBLIC_URL: "https://pontifex.example.com", TRUST_PROXY: "1" }));
    const forged = headers({ host: "evil.test", "x-forwarded-host": "pontifex.example.com" });
    expect(isKnownHost(forged, direct)).toBe(false);
    expect(isKnownHost(forged, proxied)).toBe(true);
    expect(isKnownHost(headers({ host: "pontifex.example.com", "x-forwarded-host": "evil.test" }), proxied)).toBe(false);
    expect(isKnownHost(headers({ host: "pontifex.example.com:443" }), direct)).toBe(true);
    expect(isHttpsRequest(headers({}), direct)).toBe(true);
    const local = publicOrigins(parseEnv({ TRUST_PROXY: "1" }));
    expect(isHttpsRequest(headers({ "x-forwarded-proto": "https" }), local)).toBe(true);
    expect(isHttpsRequest(headers({ "x-forwarded-proto": "https" }), publicOrigins(parseEnv({})))).toBe(false);
  });

  it("refuses a PUBLIC_URL with a path or another scheme, naming the variable", () => {
    expect(() => parseEnv({ PUBLIC_URL: "https://pontifex.example.com/app" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ PUBLIC_URL: "ftp://pontifex.example.com" })).toThrow(/PUBLIC_URL/);
    expect(parseEnv({ PUBLIC_URL: "https://pontifex.example.com/" }).PUBLIC_URL).toBe("https://pontifex.example.com");
  });
});
