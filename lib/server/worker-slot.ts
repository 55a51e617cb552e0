/** The worker's place (1..N) among `npm start`'s workers (lib/server/workers.ts): kept by its replacement after a crash. */
export const WORKER_SLOT_VARIABLE = "PONTIFEX_WORKER_SLOT";

/** This process's slot when it is one of several workers, else undefined (the one process). */
export function workerSlot(): number | undefined {
  const slot = Number(process.env[WORKER_SLOT_VARIABLE]);
  return Number.isInteger(slot) && slot > 0 ? slot : undefined;
}
