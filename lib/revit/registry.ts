import { processSingleton } from "@/lib/process-singleton";
import type { RevitRelay } from "./relay";

// Created by server.ts; Next's bundled route handlers reach the same instance here.
const holder = processSingleton<{ relay?: RevitRelay }>("relay", () => ({}));

export function getRelay(): RevitRelay | undefined {
  return holder.relay;
}

export function setRelay(relay: RevitRelay | undefined): void {
  holder.relay = relay;
}
