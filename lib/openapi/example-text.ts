/**
 * An operation's example call as HTTP text, read from the OpenAPI document
 * alone (what /docs/api shows): the request line with the example's path and
 * query values, the headers a client must send, the body; then the answer.
 */

type Media = { example?: unknown };
type Parameter = { $ref?: string; in?: string; name?: string; example?: unknown };
export type ExampleDocument = { components?: { parameters?: Record<string, Parameter> } };
export type ExampleOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { headers?: Record<string, { example?: unknown }>; content?: Record<string, Media> }>;
  security?: unknown[];
};

const REASON: Record<string, string> = { "200": "OK", "201": "Created", "202": "Accepted", "204": "No Content" };

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

export function exampleRequest(doc: ExampleDocument, method: string, path: string, op: ExampleOperation): string {
  const parameters = (op.parameters ?? []).map((p) => (p.$ref ? (doc.components?.parameters?.[p.$ref.split("/").pop()!] ?? p) : p));
  const pathValue = (name: string) => parameters.find((p) => p.in === "path" && p.name === name)?.example;
  const url = path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = pathValue(name);
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(parameters.filter((p) => p.in === "query" && p.example !== undefined).map((p) => [p.name!, String(p.example)])).toString();
  const lines = [`${method.toUpperCase()} ${url}${query ? `?${query}` : ""}`];
  for (const p of parameters) if (p.in === "header" && p.example !== undefined) lines.push(`${p.name}: ${String(p.example)}`);
  // No `security` of its own: the document's, the session cookie.
  if (op.security?.length !== 0) lines.push("Cookie: Session=…");
  const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  if (type && media?.example !== undefined) {
    lines.push(`Content-Type: ${type}`, "");
    if (type === "multipart/form-data" && typeof media.example === "object" && media.example !== null) {
      for (const [field, value] of Object.entries(media.example)) lines.push(`${field}: ${String(value)}`);
    } else lines.push(text(media.example));
  }
  return lines.join("\n");
}

export function exampleAnswer(op: ExampleOperation): string {
  const [status, response] = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith("2")) ?? [];
  if (!status || !response) return "";
  const [type, media] = Object.entries(response.content ?? {}).find(([, m]) => m.example !== undefined) ?? [];
  const lines = [`${status} ${REASON[status] ?? ""}`.trim()];
  if (type) lines.push(`Content-Type: ${type}`);
  // A file's headers: a JSON answer of the same call has none.
  if (type !== "application/json")
    for (const [name, header] of Object.entries(response.headers ?? {})) if (header.example !== undefined) lines.push(`${name}: ${String(header.example)}`);
  if (media) lines.push("", text(media.example));
  return lines.join("\n");
}
