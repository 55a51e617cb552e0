import { describe, expect, it } from "vitest";
import { chatRequestBody, MAX_OUTCOMES_PER_REQUEST } from "./api";
import type { ActionOutcome, RowEditsProposal } from "./cards";
import type { AssistantUIMessage } from "./tools";

const proposal: RowEditsProposal = {
  kind: "rowEdits",
  dataset: "pier",
  title: "Revit_Pier Data",
  applicable: true,
  skipped: [],
  edits: [{ rowId: 1, parameter: "PierHeight", column: "Item1", version: 3, angle: false, oldValue: "10", newValue: "12", oldStored: "10", newStored: "12" }],
};

describe("what the chat sends", () => {
  const outcome = (message: string): ActionOutcome => ({ ok: true, message, at: "2026-01-01T10:00:00.000Z" });
  const card = (toolCallId: string, decided?: ActionOutcome) => ({
    type: "tool-proposeRowEdits",
    toolCallId,
    state: "output-available",
    input: { dataset: "pier", changes: [] },
    output: { ...proposal, ...(decided ? { outcome: decided } : {}) },
  });
  const messages = [
    { id: "u1", role: "user", parts: [{ type: "text", text: "set Item1 of PierHeight to 12" }] },
    { id: "a1", role: "assistant", parts: [{ type: "text", text: "Here." }, card("c1", outcome("Saved 2 changes.")), card("c2")] },
    { id: "u2", role: "user", parts: [{ type: "text", text: "I pressed Apply" }], metadata: { actionReport: true } },
  ] as unknown as AssistantUIMessage[];

  it("the new message only, with the id, the trigger and the outcomes written on the cards: never the conversation", () => {
    expect(chatRequestBody({ id: "chat-1", messages, trigger: "submit-message" })).toEqual({
      id: "chat-1",
      messages: [messages[2]],
      trigger: "submit-message",
      outcomes: [{ toolCallId: "c1", outcome: outcome("Saved 2 changes.") }],
    });
    expect(chatRequestBody({ id: "chat-1", messages: messages.slice(0, 1), trigger: "regenerate-message", messageId: "a9" })).toEqual({
      id: "chat-1",
      messages: [messages[0]],
      trigger: "regenerate-message",
      messageId: "a9",
    });
  });

  it("at most MAX_OUTCOMES_PER_REQUEST outcomes, the latest", () => {
    const many = Array.from({ length: MAX_OUTCOMES_PER_REQUEST + 5 }, (_, i) => card(`c${i}`, outcome(`Done ${i}.`)));
    const body = chatRequestBody({ id: "x", messages: [{ id: "a", role: "assistant", parts: many }] as unknown as AssistantUIMessage[] });
    expect(body.outcomes).toHaveLength(MAX_OUTCOMES_PER_REQUEST);
    expect(body.outcomes!.at(-1)).toEqual({ toolCallId: `c${MAX_OUTCOMES_PER_REQUEST + 4}`, outcome: outcome(`Done ${MAX_OUTCOMES_PER_REQUEST + 4}.`) });
    expect(body.outcomes![0]!.toolCallId).toBe("c5");
  });
});
