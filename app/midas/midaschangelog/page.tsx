import type { Metadata } from "next";
import Link from "next/link";
import { formatDuration } from "@/components/midas/format";
import { LocalTime } from "@/components/ui/local-time";
import { OutcomeBadge } from "@/components/midas/outcome-badge";
import { RunDiff } from "@/components/midas/run-diff";
import { TableOutcomes } from "@/components/midas/table-outcomes";
import { NoProject } from "@/components/projects/no-project";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { requireUser } from "@/lib/auth/current-user";
import { MIDAS_TABLE_ORDER } from "@/lib/midas/model";
import { midasTableName } from "@/lib/midas/table-names";
import { type ChangelogEntry, changelog, projectRun } from "@/lib/midas/runs";
import { findTool } from "@/lib/navigation";
import { pageProjects } from "@/lib/projects/page";

const tool = findTool("/midas/midaschangelog")!;

export const metadata: Metadata = { title: tool.label };

const one = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : undefined);

function touches(run: ChangelogEntry, table: string): boolean {
  const c = run.counts[table];
  return !!c && (c.created + c.updated + c.deleted > 0 || c.outcome === "failed" || c.outcome === "mismatch");
}

/** What an analysis read back (its counts hold the result kinds read, not MIDAS tables). */
function analysisRead(run: ChangelogEntry): string {
  const kinds = ((run.counts as unknown as { results?: { kinds?: string[] } }).results?.kinds ?? []).map((k) => RESULT_NAMES[k] ?? k);
  if (run.finishedAt === null) return "Analysing in MIDAS...";
  if (kinds.length === 0) return run.outcome === "done" ? "Analysed; no result tables read." : "No result tables were read.";
  return `${run.outcome === "done" ? "Read" : "Read before it stopped"}: ${kinds.join(", ")} (${kinds.length} result table${kinds.length === 1 ? "" : "s"}).`;
}

const RESULT_NAMES: Record<string, string> = { reaction: "reactions", bearing: "bearing forces", girder: "girder forces", pile: "pile forces" };

/** Every Create Midas run of the current project, newest first, filterable by outcome, person and MIDAS table; one run's full diff on request. */
export default async function ChangeLogPage({ searchParams }: PageProps<"/midas/midaschangelog">) {
  const page = await pageProjects();
  if (!page) {
    await requireUser("/midas/midaschangelog");
    return null;
  }
  if (!page.current) return <NoProject title={tool.label} projects={page.projects} />;
  const project = page.current;
  const query = await searchParams;
  const filter = { outcome: one(query.outcome), person: one(query.person), table: one(query.table) };
  const selected = one(query.run);

  const all = await changelog(project.id);
  const people = [...new Map(all.filter((r) => r.user).map((r) => [r.user!.email, r.user!])).values()];
  const tables = MIDAS_TABLE_ORDER.filter((t) => all.some((r) => t in r.counts));
  const runs = all.filter(
    (r) =>
      (!filter.outcome || (r.outcome ?? "running") === filter.outcome) &&
      (!filter.person || r.user?.email === filter.person) &&
      (!filter.table || touches(r, filter.table)),
  );
  const detail = selected && all.some((r) => r.id === selected) ? await projectRun(project.id, selected) : null;
  const keep = (extra: Record<string, string>) => {
    const params = new URLSearchParams(Object.entries({ ...filter, ...extra }).filter((e): e is [string, string] => e[1] !== undefined));
    return `?${params.toString()}`;
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-foreground dark:text-white">{tool.label}</h1>
        <p className="mt-1 text-sm text-muted-foreground dark:text-zinc-300">
          Every time the MIDAS model of <strong>{project.name}</strong> was built: who, when, what changed in each MIDAS table, the outcome, and the table
          versions it was built from, and every analysis run on it. Build the model and run the analysis on{" "}
          <Link href="/midas" className="underline underline-offset-4">
            Create Midas
          </Link>
          .
        </p>
      </div>

      <Card className="py-4">
        <CardContent className="px-4">
          <form method="get" className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]" aria-label="Filter the runs">
            <div className="grid gap-1.5">
              <Label htmlFor="filter-outcome">Outcome</Label>
              <NativeSelect id="filter-outcome" name="outcome" defaultValue={filter.outcome ?? ""}>
                <option value="">Any outcome</option>
                {["applied", "mismatch", "failed", "running"].map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="filter-person">Person</Label>
              <NativeSelect id="filter-person" name="person" defaultValue={filter.person ?? ""}>
                <option value="">Anyone</option>
                {people.map((u) => (
                  <option key={u.email} value={u.email}>
                    {u.name ? `${u.name} (${u.email})` : u.email}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="filter-table">MIDAS table</Label>
              <NativeSelect id="filter-table" name="table" defaultValue={filter.table ?? ""}>
                <option value="">Any table</option>
                {tables.map((t) => (
                  <option key={t} value={t}>
                    {midasTableName(t)} ({t})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex gap-2">
              <Button type="submit">Filter</Button>
              <Button variant="ghost" asChild>
                <Link href="/midas/midaschangelog">Clear</Link>
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <p className="text-sm text-muted-foreground dark:text-zinc-300" aria-live="polite" data-testid="changelog-count">
        {all.length === 0 ? "No runs yet: build the model on Create Midas." : `${runs.length} of ${all.length} run${all.length === 1 ? "" : "s"}`}
      </p>

      <ol className="grid gap-4" aria-label="Runs">
        {runs.map((run) => (
          <li key={run.id} id={`run-${run.id}`} className="scroll-mt-20" data-testid="changelog-entry">
            <Card className="gap-4 py-4">
              <CardHeader className="px-4">
                <CardTitle className="flex flex-wrap items-center gap-2">
                  <h2 className="text-base">
                    <LocalTime iso={run.startedAt} />
                  </h2>
                  <OutcomeBadge outcome={run.outcome} />
                  <Badge variant="outline">{run.kind === "build" ? "Create Midas" : "Analysis"}</Badge>
                </CardTitle>
                <CardDescription>
                  by {run.user ? (run.user.name ? `${run.user.name} (${run.user.email})` : run.user.email) : "a former member"}
                  {run.finishedAt ? `, took ${formatDuration(run.startedAt, run.finishedAt)}` : ", still going on"}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3 px-4 text-sm">
                {run.error && <p className="break-words text-destructive">{run.error}</p>}
                {run.kind === "analysis" && <p data-testid="analysis-read">{analysisRead(run)}</p>}
                {run.kind === "build" &&
                  Object.keys(run.counts).length > 0 &&
                  (Object.values(run.counts).some((c) => c.created + c.updated + c.deleted > 0 || c.outcome !== "unchanged") ? (
                    <TableOutcomes tables={run.counts} onlyChanged />
                  ) : (
                    <p className="text-muted-foreground">Nothing changed in MIDAS: it already held this model.</p>
                  ))}
                {run.tables.length > 0 && (
                  <div className="grid gap-1">
                    <h3 className="font-medium">Built from</h3>
                    <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Table versions">
                      {run.tables.map((t) => (
                        <li key={t.dataset}>
                          <Link href={`${t.route}?project=${project.id}`} className="underline underline-offset-4">
                            {t.title}
                          </Link>{" "}
                          <span className="text-muted-foreground">rev {t.builtFrom}</span>{" "}
                          {t.changedSince ? (
                            <Badge variant="secondary">changed since (now rev {t.now})</Badge>
                          ) : (
                            <span className="text-xs text-muted-foreground">unchanged</span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {run.finishedAt &&
                  (detail?.id === run.id ? (
                    <section aria-label="Full diff" className="grid gap-2">
                      <h3 className="font-medium">
                        Full diff{" "}
                        <Link href={keep({})} className="text-xs font-normal underline underline-offset-4">
                          hide
                        </Link>
                      </h3>
                      <RunDiff diff={detail.diff} />
                    </section>
                  ) : (
                    <Link href={`${keep({ run: run.id })}#run-${run.id}`} className="w-fit underline underline-offset-4">
                      Show the full diff
                    </Link>
                  ))}
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
