import { ArrowRightIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QuietLink } from "@/components/ui/quiet-link";
import type { ProjectOverview as Overview } from "@/lib/projects/overview";

const plural = (n: number, word: string) => `${n.toLocaleString("en-AU")} ${word}${n === 1 ? "" : "s"}`;

/** "5 min ago": relative, so the same on the server and in any time zone; the exact moment is the element's title. */
function Ago({ iso, now }: { iso: string; now: number }) {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const text =
    s < 60 ? "just now" : s < 3600 ? `${Math.floor(s / 60)} min ago` : s < 86_400 ? `${Math.floor(s / 3600)} h ago` : `${Math.floor(s / 86_400)} d ago`;
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}

const BUILD_TEXT: Record<Overview["midas"]["build"], string> = {
  none: "Not built yet",
  failed: "The last build failed",
  stale: "Built, but the tables changed since",
  current: "Built from the current tables",
};

/** The signed-in home below the splash: where the current project stands, and what to do next. */
export function ProjectOverview({ projectName, overview }: { projectName: string; overview: Overview }) {
  const { tables, midas, revit, activity, next } = overview;
  const now = Date.parse(overview.asOf);
  const revitTables = tables.filter((t) => t.group === "revit");
  const midasTables = tables.filter((t) => t.group === "midas");
  const midasRows = midasTables.reduce((sum, t) => sum + t.rows, 0);
  const midasLast = midasTables.map((t) => t.lastChangeAt).reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  return (
    <section aria-labelledby="overview-title" className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-8 sm:px-6" data-testid="project-overview">
      <h2 id="overview-title" className="text-xl font-semibold">
        {projectName}
      </h2>

      <Card data-testid="next-step">
        <CardHeader>
          <CardDescription>Next step</CardDescription>
          <CardTitle className="text-lg">{next.text}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{next.detail}</p>
          <Button asChild>
            <QuietLink href={next.href}>
              {next.text}
              <ArrowRightIcon aria-hidden="true" />
            </QuietLink>
          </Button>
        </CardContent>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Tables</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm" aria-label="Tables">
              {revitTables.map((t) => (
                <li key={t.dataset} className="flex flex-wrap items-baseline justify-between gap-x-3" data-testid="overview-table">
                  <QuietLink href={t.route} className="font-medium underline-offset-4 hover:underline">
                    {t.title}
                  </QuietLink>
                  <span className="text-muted-foreground">
                    {plural(t.rows, "row")}, {plural(t.items, "column")}
                    {t.lastChangeAt && (
                      <>
                        {" · changed "}
                        <Ago iso={t.lastChangeAt} now={now} />
                        {t.lastChangeBy && ` by ${t.lastChangeBy}`}
                      </>
                    )}
                  </span>
                </li>
              ))}
              <li className="flex flex-wrap items-baseline justify-between gap-x-3" data-testid="overview-table">
                <QuietLink href={midasTables[0]?.route ?? "/midas"} className="font-medium underline-offset-4 hover:underline">
                  {midasTables.length} Midas tables
                </QuietLink>
                <span className="text-muted-foreground">
                  {plural(midasRows, "row")}
                  {midasLast && (
                    <>
                      {" · changed "}
                      <Ago iso={midasLast} now={now} />
                    </>
                  )}
                </span>
              </li>
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>MIDAS model</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm" data-testid="overview-midas">
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant={midas.build === "current" ? "default" : "secondary"}>{BUILD_TEXT[midas.build]}</Badge>
              {midas.builtAt && (
                <span className="text-muted-foreground">
                  <Ago iso={midas.builtAt} now={now} />
                </span>
              )}
            </p>
            {midas.build === "stale" && midas.changedTables.length > 0 && <p className="text-muted-foreground">Changed: {midas.changedTables.join(", ")}</p>}
            <p>
              {midas.analysedAt ? (
                <>
                  Analysed <Ago iso={midas.analysedAt} now={now} />
                </>
              ) : midas.build === "current" ? (
                "Not analysed yet"
              ) : (
                "No results for the current tables"
              )}
            </p>
            <p className="text-muted-foreground">{midas.connected ? "Your MIDAS connection is saved." : "Your MIDAS connection is not set up (Settings)."}</p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Revit add-in</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm" data-testid="overview-revit">
            <p>{revit.connected > 0 ? `${plural(revit.connected, "add-in")} connected` : "No add-in connected"}</p>
            <p className="text-muted-foreground">
              {revit.tokens > 0 ? `${plural(revit.tokens, "token")} on ` : "No add-in token yet: create one on "}
              <QuietLink href="/settings" className="underline underline-offset-4">
                Settings
              </QuietLink>
              .
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Recent changes</CardTitle>
          </CardHeader>
          <CardContent>
            {activity.length === 0 ? (
              <p className="text-sm text-muted-foreground">No changes yet.</p>
            ) : (
              <ul className="grid gap-2 text-sm" aria-label="Recent changes" data-testid="overview-activity">
                {activity.map((a, i) => (
                  <li key={i}>
                    {a.by ?? "Someone"} changed {a.rows === 1 ? a.parameter || "a row" : plural(a.rows, "row")} in{" "}
                    <QuietLink href={a.route} className="underline underline-offset-4">
                      {a.title}
                    </QuietLink>{" "}
                    <span className="text-muted-foreground">
                      <Ago iso={a.at} now={now} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
