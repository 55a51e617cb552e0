import { createHash, randomBytes } from "node:crypto";

/** An opaque, URL-safe random token (32 bytes of entropy). */
export function newToken(prefix = ""): string {
  return prefix + randomBytes(32).toString("base64url");
}

/** What the database stores instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
