import { Badge } from "@/components/ui/badge";
import { exampleAnswer, exampleRequest } from "@/lib/openapi/example-text";
import { opsRoutes } from "@/lib/ops/api";

/**
 * The API reference, rendered from the generated OpenAPI document (server
 * component: no JavaScript reaches the browser for it).
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  format?: string;
};
type Parameter = { $ref?: string; in?: string; name?: string; required?: boolean; schema?: Schema; description?: string; example?: unknown };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  responses?: Record<
    string,
    { description?: string; headers?: Record<string, { example?: unknown }>; content?: Record<string, { schema?: Schema; example?: unknown }> }
  >;
  security?: unknown[];
  "x-legacy"?: boolean;
};
export type OpenApi = {
  info: { title: string; description?: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
};

// The 700 shades: white text on them passes AA contrast (4.5:1); on the 600s it does not.
const METHOD_CLASS: Record<string, string> = {
  get: "bg-sky-700 text-white",
  post: "bg-emerald-700 text-white",
  put: "bg-amber-700 text-white",
  patch: "bg-violet-700 text-white",
  delete: "bg-rose-700 text-white",
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function resolve(schema: Schema | undefined, doc: OpenApi): Schema | undefined {
  if (schema?.$ref) return doc.components?.schemas?.[schema.$ref.split("/").pop()!];
  return schema;
}

/** A schema's type in a few words: `string ≤ 120`, `array of Row`, `"owner" | "editor"`. */
function typeText(schema: Schema | undefined, doc: OpenApi): string {
  if (!schema) return "any";
  // A named set of values (DatasetKey) is shown by its values.
  if (schema.$ref) return resolve(schema, doc)?.enum ? typeText(resolve(schema, doc), doc) : schema.$ref.split("/").pop()!;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((s) => typeText(s, doc)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `array of ${typeText(schema.items, doc)}`;
  if (type === "object" && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `object of ${typeText(schema.additionalProperties, doc)}`;
  }
  const limits = [
    schema.minLength !== undefined ? `≥ ${schema.minLength} chars` : "",
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} chars` : "",
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : "",
    schema.maximum !== undefined && schema.maximum < 1e15 ? `≤ ${schema.maximum}` : "",
    schema.format ?? "",
  ].filter(Boolean);
  return [type ?? "any", ...limits].join(", ");
}

function Fields({ schema, doc }: { schema: Schema | undefined; doc: OpenApi }) {
  const resolved = resolve(schema, doc);
  if (!resolved?.properties) return <p className="font-mono text-xs">{typeText(schema, doc)}</p>;
  return (
    <table className="w-full text-left text-xs">
      <thead className="text-muted-foreground">
        <tr>
          <th className="py-1 pr-3 font-medium">field</th>
          <th className="py-1 pr-3 font-medium">type</th>
          <th className="py-1 font-medium">notes</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(resolved.properties).map(([name, field]) => (
          <tr key={name} className="border-t align-top">
            <td className="py-1 pr-3 font-mono">
              {name}
              {resolved.required?.includes(name) ? "" : "?"}
            </td>
            <td className="py-1 pr-3 font-mono break-words">{typeText(field, doc)}</td>
            <td className="py-1 text-muted-foreground">{resolve(field, doc)?.description ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Text with `code` spans, as the descriptions write them. */
function Prose({ text }: { text: string }) {
  return text.split("\n\n").map((paragraph, i) => (
    <p key={i} className="text-sm text-muted-foreground">
      {paragraph.split(/`([^`]+)`/).map((part, j) =>
        j % 2 === 1 ? (
          <code key={j} className="font-mono text-xs">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  ));
}

function Example({ title, text }: { title: string; text: string }) {
  return (
    <section className="min-w-0">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
      <pre tabIndex={0} className="mt-1 max-h-80 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre">
        {text}
      </pre>
    </section>
  );
}

function OperationCard({ method, path, op, doc }: { method: string; path: string; op: Operation; doc: OpenApi }) {
  const [bodyType, bodyContent] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  const body = bodyContent?.schema;
  const params = (op.parameters ?? []).map((p) => (p.$ref ? (doc.components?.parameters?.[p.$ref.split("/").pop()!] ?? p) : p));
  return (
    <article className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground" id={slug(`${method} ${path}`)}>
      <header className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_CLASS[method] ?? ""}`}>{method}</span>
        <code className="font-mono text-sm break-all">{path}</code>
        {op.security?.length === 0 && <Badge variant="outline">no session</Badge>}
        {op["x-legacy"] && <Badge variant="secondary">spec route: acts on the current project</Badge>}
      </header>
      {op.summary && <p className="text-sm">{op.summary}</p>}
      {op.description && <Prose text={op.description} />}
      {params.length > 0 && (
        <section>
          <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Parameters</h4>
          <ul className="text-xs">
            {params.map((p) => (
              <li key={`${p.in}:${p.name}`} className="font-mono">
                {p.name}{" "}
                <span className="text-muted-foreground">
                  ({p.in}
                  {p.required && p.in !== "path" ? ", required" : ""}) {typeText(p.schema, doc)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {body && (
        <section>
          <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Request body ({bodyType === "application/json" ? "JSON" : bodyType})
          </h4>
          <Fields schema={body} doc={doc} />
        </section>
      )}
      <section>
        <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Responses</h4>
        <dl className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-xs">
          {Object.entries(op.responses ?? {}).map(([status, response]) => {
            const json = response.content?.["application/json"]?.schema;
            const other = Object.keys(response.content ?? {}).find((type) => type !== "application/json");
            return (
              <div key={status} className="contents">
                <dt className={`font-mono ${status.startsWith("2") ? "text-emerald-700 dark:text-emerald-500" : "text-muted-foreground"}`}>{status}</dt>
                <dd>
                  {status.startsWith("2") ? json ? <Fields schema={json} doc={doc} /> : <span className="font-mono">{other}</span> : response.description}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
      <div className="grid gap-3 lg:grid-cols-2">
        <Example title="Example request" text={exampleRequest(doc, method, path, op)} />
        <Example title="Example answer" text={exampleAnswer(op)} />
      </div>
    </article>
  );
}

export function ApiReference({ doc }: { doc: OpenApi }) {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  return (
    <div className="grid gap-8 md:grid-cols-[12rem_minmax(0,1fr)]">
      <nav aria-label="API sections" className="md:sticky md:top-20 md:self-start">
        <ul className="grid gap-1 text-sm">
          {[...byTag.keys()].map((tag) => (
            <li key={tag}>
              <a href={`#${slug(tag)}`} className="text-muted-foreground dark:text-zinc-300 underline-offset-4 hover:underline">
                {tag}
              </a>
            </li>
          ))}
          <li className="pt-2">
            <a href={opsRoutes.openapi.path} className="text-muted-foreground dark:text-zinc-300 underline-offset-4 hover:underline">
              openapi.json
            </a>
          </li>
        </ul>
      </nav>
      <div className="grid gap-10">
        {[...byTag].map(([tag, operations]) => (
          <section key={tag} aria-labelledby={slug(tag)} className="grid gap-3">
            <h2 id={slug(tag)} className="text-xl font-semibold text-foreground dark:text-white">
              {tag}
            </h2>
            {operations.map((o) => (
              <OperationCard key={`${o.method} ${o.path}`} {...o} doc={doc} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
