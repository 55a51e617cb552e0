import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/** The file in the embedded database's folder that holds the generated secret. */
export const SECRET_FILE = "pontifex-secret";

const fromFiles = new Map<string, string>();

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

function readSecret(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (fewer than 32 characters); delete it to have a new one made.`);
  return secret;
}

/**
 * The secret of an embedded installation: made once, at random, into the data
 * folder (readable by the server's user only) and reused on every start, so
 * that what it encrypted stays readable as long as the data does.
 */
export function secretFromDataDir(dir: string): string {
  const file = path.join(path.resolve(dir), SECRET_FILE);
  const known = fromFiles.get(file);
  if (known) return known;
  let secret: string;
  try {
    secret = readSecret(file);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    } catch (e) {
      // Another process made it first: use theirs.
      if (errorCode(e) !== "EEXIST") throw e;
    }
    secret = readSecret(file);
  }
  fromFiles.set(file, secret);
  return secret;
}

/**
 * PONTIFEX_SECRET, or with the embedded database (where it may be left unset)
 * the one generated into its data folder. The environment check requires it
 * whenever DATABASE_URL is set.
 */
export function serverSecret(): string {
  const e = env();
  if (e.PONTIFEX_SECRET) return e.PONTIFEX_SECRET;
  if (e.DATABASE_URL) throw new Error("PONTIFEX_SECRET is required when DATABASE_URL is set.");
  return secretFromDataDir(e.PGLITE_DIR);
}
