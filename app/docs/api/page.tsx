import type { Metadata } from "next";
import { ApiReference, type OpenApi } from "@/components/docs/api-reference";
import { openApiDocument } from "@/lib/openapi/document";
import { opsRoutes } from "@/lib/ops/api";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const doc = JSON.parse(JSON.stringify(openApiDocument())) as OpenApi;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight text-foreground dark:text-white">API reference</h1>
        <p className="max-w-3xl text-sm text-muted-foreground dark:text-zinc-300">{doc.info.description}</p>
        <p className="text-sm text-muted-foreground dark:text-zinc-400">
          Generated from the same zod schemas the routes validate with; machine-readable as{" "}
          <a className="underline underline-offset-4" href={opsRoutes.openapi.path}>
            OpenAPI 3.1
          </a>
          .
        </p>
      </header>
      <ApiReference doc={doc} />
    </div>
  );
}
