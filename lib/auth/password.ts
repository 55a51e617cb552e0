import { passwordHasher } from "./hash-pool";

export const BCRYPT_COST = 12;
export const PASSWORD_MIN_CHARS = 8;
/** bcrypt ignores everything after 72 bytes, so longer passwords are refused rather than silently truncated. */
export const PASSWORD_MAX_BYTES = 72;

/** Why a new password is not acceptable, or null when it is. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_CHARS) return `Password must be at least ${PASSWORD_MIN_CHARS} characters.`;
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES)
    return `Password must be at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} plain characters).`;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return passwordHasher().hash(password, BCRYPT_COST);
}

let dummyHash: Promise<string> | undefined;

/** The dummy hash for unknown e-mails; computing it at start keeps the first such login as slow as any other. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= passwordHasher()
    .hash("pontifex-timing-equaliser", BCRYPT_COST)
    .catch((error: unknown) => {
      dummyHash = undefined;
      throw error;
    });
  return dummyHash;
}

/**
 * Compares a password with a stored hash. Without a hash (unknown e-mail) it
 * compares against a dummy hash of the same cost, so both cases take the same time.
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (hash === undefined) {
    await passwordHasher().compare(password, await dummyPasswordHash());
    return false;
  }
  return passwordHasher().compare(password, hash);
}
