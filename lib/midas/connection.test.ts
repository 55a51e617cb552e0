import { describe, expect, it } from "vitest";
import { decryptKey, encryptKey } from "./connection";

const SECRET = "a-server-secret-of-at-least-32-characters";

describe("the MAPI-Key at rest", () => {
  it("is AES-256-GCM: iv | tag | ciphertext in base64, different every time, and decrypts to the key", () => {
    const key = "mapi-0123456789abcdef";
    const a = encryptKey(key, SECRET, 7);
    const b = encryptKey(key, SECRET, 7);
    expect(a).not.toBe(b);
    expect(a).not.toContain(key);
    expect(Buffer.from(a, "base64").length).toBe(12 + 16 + Buffer.byteLength(key));
    expect(decryptKey(a, SECRET, 7)).toBe(key);
  });

  it("does not decrypt with another secret, for another user, or once altered", () => {
    const stored = encryptKey("mapi-0123456789abcdef", SECRET, 7);
    expect(() => decryptKey(stored, `${SECRET}!`, 7)).toThrow();
    expect(() => decryptKey(stored, SECRET, 8)).toThrow();
    const raw = Buffer.from(stored, "base64");
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptKey(raw.toString("base64"), SECRET, 7)).toThrow();
    expect(() => decryptKey("c2hvcnQ=", SECRET, 7)).toThrow();
  });
});
