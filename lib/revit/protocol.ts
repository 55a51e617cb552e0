import { z } from "zod";
import { storableText } from "@/lib/validation";

/**
 * The Revit add-in protocol, version 1 (docs/revit-protocol.md is the
 * reference for add-in developers; keep both in step). JSON text frames
 * `{v: 1, type, ...}` on the websocket at /ws/revit.
 */
export const PROTOCOL_VERSION = 1;
export const WEBSOCKET_PATH = "/ws/revit";
/** Inbound frames over this close the socket with 1009; outbound push frames stay under it. */
export const MAX_FRAME_BYTES = 1024 * 1024;
export const HEARTBEAT_MS = 30_000;
/** A silent socket is dropped after this many unanswered pings. */
export const MISSED_PONGS_LIMIT = 2;
/** How long an add-in may take to say hello before the socket is closed. */
export const HELLO_TIMEOUT_MS = 15_000;
export const PUSH_TTL_MS = 24 * 60 * 60 * 1000;

export const ackStatuses = ["received", "applied", "partial", "failed"] as const;
export type AckStatus = (typeof ackStatuses)[number];

const text = (max: number) => storableText({ max });

export const helloMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  type: z.literal("hello"),
  client: text(200).default(""),
  revitVersion: text(100).default(""),
  document: text(500).default(""),
});

export const rowErrorSchema = z.object({
  id: z.number().int().optional(),
  parameter: text(300).optional(),
  message: text(2000),
});

export const ackMessage = z.object({
  v: z.literal(PROTOCOL_VERSION),
  type: z.literal("ack"),
  pushId: z.uuid(),
  status: z.enum(ackStatuses),
  errors: z.array(rowErrorSchema).max(10_000).optional(),
});

export const inboundMessage = z.discriminatedUnion("type", [helloMessage, ackMessage]);
export type HelloMessage = z.infer<typeof helloMessage>;
export type AckMessage = z.infer<typeof ackMessage>;
export type InboundMessage = z.infer<typeof inboundMessage>;

export type WelcomeMessage = {
  v: 1;
  type: "welcome";
  connectionId: string;
  user: string;
  waiting: number;
  heartbeatSeconds: number;
  maxFrameBytes: number;
};

export type PushMessage = {
  v: 1;
  type: "push";
  pushId: string;
  /** The project (bridge) the table belongs to; added after v1 shipped: older add-ins ignore it. */
  project: { id: number; name: string };
  dataset: string;
  mode: "all" | "one";
  parameter: string | null;
  createdAt: string;
  rowCount: number;
  part: number;
  parts: number;
  rows: Record<string, string | number>[];
};

export type ErrorCode = "bad_json" | "bad_message" | "unknown_type" | "unsupported_version" | "unknown_push" | "binary_not_supported" | "hello_first";
export type ErrorMessage = { v: 1; type: "error"; code: ErrorCode; message: string; pushId?: string };

/** Why an inbound frame was refused, as the `error` message the add-in gets back; null when it is valid. */
export function parseInbound(data: string): { ok: true; message: InboundMessage } | { ok: false; error: ErrorMessage } {
  const fail = (code: ErrorCode, message: string): { ok: false; error: ErrorMessage } => ({ ok: false, error: { v: 1, type: "error", code, message } });
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return fail("bad_json", "The frame is not valid JSON.");
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return fail("bad_message", "A message is a JSON object {v, type, ...}.");
  const record = json as Record<string, unknown>;
  if (record.v !== PROTOCOL_VERSION)
    return fail("unsupported_version", `This server speaks protocol version ${PROTOCOL_VERSION}; send "v": ${PROTOCOL_VERSION}.`);
  if (record.type !== "hello" && record.type !== "ack")
    return fail("unknown_type", `Unknown message type ${JSON.stringify(record.type ?? null)}; expected "hello" or "ack".`);
  const parsed = inboundMessage.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail("bad_message", `Invalid ${record.type} message: ${issue.path.join(".") || "message"}: ${issue.message}`);
  }
  return { ok: true, message: parsed.data };
}
