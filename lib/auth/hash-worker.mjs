// A bcrypt worker: hashing runs here, off the server's event loop. Plain JavaScript so it needs no loader.
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";

parentPort.on("message", ({ id, op, password, hash, cost }) => {
  try {
    const result = op === "hash" ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
