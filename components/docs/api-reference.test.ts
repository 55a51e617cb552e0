import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { allOperations, openApiDocument } from "@/lib/openapi/document";
import { ApiReference, type OpenApi } from "./api-reference";

describe("/docs/api", () => {
  const html = renderToStaticMarkup(createElement(ApiReference, { doc: JSON.parse(JSON.stringify(openApiDocument())) as OpenApi }));

  it("shows an example request and answer for every operation", () => {
    const operations = allOperations().length;
    expect(html.match(/>Example request</g)?.length).toBe(operations);
    expect(html.match(/>Example answer</g)?.length).toBe(operations);
  });

  it("shows the request as a client sends it: path values, Origin and session, body; and the answer", () => {
    expect(html).toContain("PATCH /api/projects/1/datasets/pier/rows/12\nOrigin: ");
    expect(html).toContain("Cookie: Session=…\nContent-Type: application/json\n\n{\n  &quot;data&quot;: {\n    &quot;Version&quot;: 5,");
    expect(html).toContain("GET /api/projects/1/datasets/pier/export?format=csv\nCookie: Session=…</pre>");
    expect(html).toContain("200 OK\nContent-Type: text/csv\nContent-Disposition: attachment;");
  });

  it("shows who may call each operation, and a table's name as one of the tables", () => {
    expect(html).toContain("Needs a session; acts on project <code");
    expect(html).toContain("&quot;pier&quot; | &quot;abt&quot; | &quot;box&quot; | &quot;coresetup&quot;");
  });
});
