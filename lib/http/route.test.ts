import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { DomainError } from "@/lib/errors";
import { route } from "@/lib/http/route";

// No session needed: these calls never reach the database.
const echo = endpoint({
  method: "GET",
  path: "/api/test/echo",
  summary: "Echo",
  tag: "Test",
  auth: false,
  query: z.object({ n: z.coerce.number().int().min(1, { error: "n is a whole number of at least 1" }) }),
  status: 200,
  response: z.object({ twice: z.number() }),
  errors: [409],
});

const call = (handler: ReturnType<typeof route>, search = "") =>
  handler(new Request(`http://localhost:3000/api/test/echo${search}`, { headers: { host: "localhost:3000" } }), { params: Promise.resolve({}) });

describe("route(endpoint, handler)", () => {
  it("hands over the query as the endpoint parses it and answers the handler's object with the endpoint's status", async () => {
    const res = await call(
      route(echo, ({ query }) => ({ twice: query.n * 2 })),
      "?n=21",
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twice: 42 });
  });

  it("refuses a query its endpoint does not accept with 400 in the schema's words", async () => {
    const res = await call(
      route(echo, ({ query }) => ({ twice: query.n * 2 })),
      "?n=0",
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid query: n is a whole number of at least 1." });
  });

  it("answers a declared failure as it is, and an undeclared one as a 500 naming the mismatch", async () => {
    const declared = await call(
      route(echo, () => {
        throw new DomainError("conflict", "Someone saved it first.");
      }),
      "?n=1",
    );
    expect(declared.status).toBe(409);
    expect(await declared.json()).toEqual({ error: "Someone saved it first." });

    const undeclared = await call(
      route(echo, () => {
        throw new DomainError("rate-limited", "Slow down.");
      }),
      "?n=1",
    );
    expect(undeclared.status).toBe(500);
    expect(await undeclared.json()).toEqual({ error: "GET /api/test/echo answered 429, a status its endpoint does not declare." });
  });
});
