import { describe, expect, it, vi } from "vitest";

// The browser imports the features' api.ts: were zod among their imports, every page would carry it (about 30 KB).
vi.mock("zod", () => {
  throw new Error("zod was imported by a browser contract");
});

const features = ["assistant", "auth", "calculations", "datasets", "midas", "ops", "projects", "revit"] as const;

describe("the browser's contracts", () => {
  it.each(features)("lib/%s/api.ts loads without zod, and every route has a method and a path", async (feature) => {
    const contract = (await import(`@/lib/${feature}/api.ts`)) as Record<string, unknown>;
    const routes = Object.entries(contract).find(([name]) => name === `${feature}Api`)?.[1] as Record<string, { method: string; path: string }>;
    expect(Object.keys(routes).length).toBeGreaterThan(0);
    for (const route of Object.values(routes)) {
      expect(route.method).toMatch(/^(GET|POST|PUT|PATCH|DELETE)$/);
      expect(route.path).toMatch(/^\/api\//);
    }
  });
});
