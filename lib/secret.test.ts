import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SECRET_FILE, secretFromDataDir } from "./secret";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pontifex-secret-"));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded installation's secret", () => {
  it("is made once into the data folder, readable by the server's user only, and reused", () => {
    const dir = path.join(tempDir(), "data");
    const secret = secretFromDataDir(dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    expect(secretFromDataDir(dir)).toBe(secret);
  });

  it("keeps a secret that is already there, and refuses a file that holds no usable one", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, SECRET_FILE), `${"k".repeat(40)}\n`, { mode: 0o600 });
    expect(secretFromDataDir(dir)).toBe("k".repeat(40));
    const other = tempDir();
    writeFileSync(path.join(other, SECRET_FILE), "short\n");
    expect(() => secretFromDataDir(other)).toThrow(/no usable secret/);
  });
});
