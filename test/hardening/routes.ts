import { readdirSync } from "node:fs";
import path from "node:path";
import { root } from "@/test/server-process";

export type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type ApiRoute = { file: string; pattern: string; methods: Record<string, Handler> };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every API route of the app, found on disk, so a route added later is covered without anyone remembering to. */
export async function discoverApiRoutes(): Promise<ApiRoute[]> {
  const base = path.join(root, "app", "api");
  const files = (readdirSync(base, { recursive: true }) as string[]).filter((f) => f.endsWith(`${path.sep}route.ts`) || f === "route.ts").sort();
  const routes: ApiRoute[] = [];
  for (const file of files) {
    const handlers = (await import(path.join(base, file))) as Record<string, unknown>;
    const methods: Record<string, Handler> = {};
    for (const method of METHODS) if (typeof handlers[method] === "function") methods[method] = handlers[method] as Handler;
    routes.push({ file: `app/api/${file}`, pattern: `/api/${path.dirname(file).split(path.sep).join("/")}`, methods });
  }
  return routes;
}

/** The URL and params of a route pattern with its dynamic segments filled in. */
export function fillRoute(pattern: string, values: Record<string, string>): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const filled = pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no sample value for [${name}] in ${pattern}`);
    params[name] = value;
    return encodeURIComponent(value);
  });
  return { path: filled, params };
}
