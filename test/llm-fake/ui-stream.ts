import type { UIMessageChunk } from "ai";

/** Reads a UI message stream response (SSE of JSON chunks, as useChat receives it) into its chunks. */
export async function readChunks(response: Response): Promise<UIMessageChunk[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((event) => event.trim())
    .filter((event) => event.startsWith("data: ") && event !== "data: [DONE]")
    .map((event) => JSON.parse(event.slice("data: ".length)) as UIMessageChunk);
}

/** The answer's text, as the chat shows it. */
export function answerText(chunks: UIMessageChunk[]): string {
  return chunks.map((c) => (c.type === "text-delta" ? c.delta : "")).join("");
}

export function errorTexts(chunks: UIMessageChunk[]): string[] {
  return chunks.flatMap((c) => (c.type === "error" ? [c.errorText] : []));
}

/** The tools the model called in this answer, with their inputs. */
export function toolCalls(chunks: UIMessageChunk[]): { toolName: string; input: unknown; toolCallId: string }[] {
  return chunks.flatMap((c) => (c.type === "tool-input-available" ? [{ toolName: c.toolName, input: c.input, toolCallId: c.toolCallId }] : []));
}

export function toolOutputs(chunks: UIMessageChunk[]): Map<string, unknown> {
  return new Map(chunks.flatMap((c) => (c.type === "tool-output-available" ? [[c.toolCallId, c.output] as const] : [])));
}

export function toolErrors(chunks: UIMessageChunk[]): Map<string, string> {
  return new Map(chunks.flatMap((c) => (c.type === "tool-output-error" ? [[c.toolCallId, c.errorText] as const] : [])));
}
