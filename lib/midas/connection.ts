/**
 * Each engineer's MIDAS connection: the base URL and the MAPI-Key, the key
 * encrypted at rest (AES-256-GCM under a key derived from the server secret,
 * bound to its user), never logged and never sent back after saving (only its
 * last 4 characters). The base URL's shape is checked when it is saved; its host
 * and port against MIDAS_ALLOWED_HOSTS before every call, where a host that is not
 * allowed fails exactly as one that does not answer (MIDAS_UNREACHABLE).
 */
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { deleteMidasConnection, findMidasConnection, saveMidasConnection, type StoredConnection } from "@/db/queries/midas";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { serverSecret } from "@/lib/secret";
import { MidasClient, parseAllowedHosts, parseBaseUrl, type MidasClientOptions, MidasConfigError, MidasError, type MidasVerification } from "./client";
import { MidasTablesInvalidError } from "./model";
import { shownLast4 } from "./key";

const IV_BYTES = 12;
const TAG_BYTES = 16;

function cipherKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "pontifex", "midas-connection-key", 32));
}

/** The key's row belongs to this user: a ciphertext copied to another user's row does not decrypt. */
const associated = (userId: number) => Buffer.from(`midas-key:user:${userId}`);

/** base64 of iv (12 bytes) | auth tag (16 bytes) | ciphertext. */
export function encryptKey(plain: string, secret: string, userId: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", cipherKey(secret), iv);
  cipher.setAAD(associated(userId));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** Throws when the ciphertext was not made with this secret for this user (or was altered). */
export function decryptKey(ciphertext: string, secret: string, userId: number): string {
  const raw = Buffer.from(ciphertext, "base64");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error("ciphertext too short");
  const decipher = createDecipheriv("aes-256-gcm", cipherKey(secret), raw.subarray(0, IV_BYTES));
  decipher.setAAD(associated(userId));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** The hosts Pontifex may call (MIDAS_ALLOWED_HOSTS, or its default). */
export function allowedHosts(): string[] {
  const e = env();
  return parseAllowedHosts(e.MIDAS_ALLOWED_HOSTS, { embeddedDatabase: !e.DATABASE_URL });
}

/**
 * The base URL as stored: trimmed, without trailing slashes; refused (400) when it is not an http(s) URL of the
 * usual shape. Whether its host is allowed is not said here: a refusal would tell the allow-list apart from hosts
 * that do not answer, so the client decides that before each call, with the same answer as a host that is down.
 */
export function checkBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  try {
    parseBaseUrl(trimmed);
  } catch (error) {
    if (error instanceof MidasConfigError) throw new DomainError("invalid", error.message);
    throw error;
  }
  return trimmed;
}

/**
 * A MIDAS failure as the API answers it: MIDAS (or the way to it) failed →
 * 502 with what failed; unusable settings → 400; tables with problems → 422
 * listing them. Anything else is passed on untouched.
 */
export function midasFailure(error: unknown, extra?: Record<string, unknown>): unknown {
  if (error instanceof MidasError) {
    // The caller sees only the generic text; the administrator can tell what it was.
    if (error.detail) logger().info({ midas: { kind: error.kind, detail: error.detail } }, "a MIDAS call failed");
    return new DomainError("upstream", error.message, { kind: error.kind, ...extra });
  }
  if (error instanceof MidasConfigError) return new DomainError("invalid", error.message, extra);
  if (error instanceof MidasTablesInvalidError) return new DomainError("unprocessable", error.message, { problems: error.problems, ...extra });
  return error;
}

export type ConnectionView = { baseUrl: string; keyLast4: string; updatedAt: string };

/** The length of the stored key, read from its ciphertext (iv | tag | one byte per character of a printable key). */
const storedKeyLength = (ciphertext: string) => Buffer.from(ciphertext, "base64").length - IV_BYTES - TAG_BYTES;

const view = (row: StoredConnection): ConnectionView => ({
  baseUrl: row.baseUrl,
  keyLast4: shownLast4(storedKeyLength(row.keyCiphertext), row.keyLast4),
  updatedAt: row.updatedAt.toISOString(),
});

export const NO_CONNECTION = "You have no MIDAS connection yet. Save the base URL and your MAPI-Key under Settings > MIDAS Civil NX.";

export async function getConnection(userId: number): Promise<ConnectionView> {
  const row = await findMidasConnection(userId);
  if (!row) throw new DomainError("not-found", NO_CONNECTION);
  return view(row);
}

/** The connection of a user, or null (pages). */
export async function findConnection(userId: number): Promise<ConnectionView | null> {
  const row = await findMidasConnection(userId);
  return row ? view(row) : null;
}

export async function saveConnection(userId: number, input: { baseUrl: string; apiKey: string }): Promise<ConnectionView> {
  const baseUrl = checkBaseUrl(input.baseUrl);
  const row = await saveMidasConnection({
    userId,
    baseUrl,
    keyCiphertext: encryptKey(input.apiKey, serverSecret(), userId),
    keyLast4: shownLast4(input.apiKey.length, input.apiKey.slice(-4)),
  });
  return view(row);
}

export async function forgetConnection(userId: number): Promise<void> {
  await deleteMidasConnection(userId);
}

/** A client of the user's MIDAS that calls only the allowed hosts (the list may have changed since the connection was saved). */
export async function midasClientFor(userId: number, options: Omit<MidasClientOptions, "baseUrl" | "apiKey"> = {}): Promise<MidasClient> {
  const row = await findMidasConnection(userId);
  if (!row) throw new DomainError("invalid", NO_CONNECTION);
  const baseUrl = checkBaseUrl(row.baseUrl);
  let apiKey: string;
  try {
    apiKey = decryptKey(row.keyCiphertext, serverSecret(), userId);
  } catch {
    throw new DomainError(
      "conflict",
      "Your saved MAPI-Key cannot be read any more (the server's PONTIFEX_SECRET has changed). Save the key again under Settings > MIDAS Civil NX.",
    );
  }
  return new MidasClient({ ...options, baseUrl, apiKey, allowedHosts: allowedHosts() });
}

export type ConnectionTest = Omit<MidasVerification, "raw"> & { ok: true };

/** Asks MIDAS who the key belongs to: the product and version it reports, or a 502 saying what failed. */
export async function testConnection(userId: number): Promise<ConnectionTest> {
  const row = await findMidasConnection(userId);
  if (!row) throw new DomainError("not-found", NO_CONNECTION);
  const client = await midasClientFor(userId, { timeoutMs: 15_000 });
  try {
    // Everything it reported but the raw answer, which is MIDAS's to say and not ours to pass on.
    const { raw: _raw, ...reported } = await client.verify();
    return { ok: true, ...reported };
  } catch (error) {
    throw midasFailure(error);
  }
}
