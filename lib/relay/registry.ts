import type { RevitRelay } from "./relay";

type Holder = { relay?: RevitRelay };
// The relay is created by server.ts; Next's bundled route handlers reach the same instance here.
const holder = ((globalThis as { __pontifexRelay?: Holder }).__pontifexRelay ??= {});

export function getRelay(): RevitRelay | undefined {
  return holder.relay;
}

export function setRelay(relay: RevitRelay | undefined): void {
  holder.relay = relay;
}
