import { Badge } from "@/components/ui/badge";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { fmt, MIDAS_TABLE_NAMES, type ModelSummary as Summary } from "@/lib/midas/summary";
import type { MidasApiTable } from "@/lib/midas/model";

const kn = (n: number) => (n === 0 ? "0" : fmt(n));
const tableName = (t: string) => {
  const name = MIDAS_TABLE_NAMES[t as MidasApiTable];
  return name ? `${t} (${name})` : t;
};
const plusFactors = (factors: Summary["combinations"][number]["factors"]) =>
  factors.map((f, k) => `${k === 0 ? "" : f.factor < 0 ? " − " : " + "}${fmt(k === 0 ? f.factor : Math.abs(f.factor), 3)} ${f.name}`).join("");

/** A table in its own scroll box, focusable so a keyboard can scroll it (a wide table never widens the page). */
function Table({ "aria-label": label, children }: { "aria-label": string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table className="w-full caption-bottom text-sm">{children}</table>
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="grid min-w-0 gap-2" aria-label={title} data-testid={testId}>
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * What the engineer checks before applying (issue 28; lib/midas/summary.ts): each case's total load and how it comes
 * about, the vehicles, the soil springs per pile group, the bearings per support, the combinations with their factors.
 */
export function ModelSummary({ summary }: { summary: Summary }) {
  return (
    <div className="grid min-w-0 gap-6" data-testid="model-summary">
      <Section title="Loads per case" testId="summary-cases">
        <p className="text-sm text-muted-foreground">
          Totals of what each static case applies (kN): vertical downward, along the bridge with chainage, across to the left. The reactions of an analysis sum
          to them.
        </p>
        <Table aria-label="Total load per static case">
          <TableHeader>
            <TableRow>
              <TableHead>Case</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead className="text-right">Vertical</TableHead>
              <TableHead className="text-right">Along</TableHead>
              <TableHead className="text-right">Across</TableHead>
              <TableHead>How</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {summary.cases.map((c) => (
              <TableRow key={c.name} data-case={c.name}>
                <TableCell className="align-top font-medium">
                  {c.name}
                  <span className="block text-xs font-normal text-muted-foreground">{c.type}</span>
                </TableCell>
                <TableCell className="align-top">{c.kind}</TableCell>
                <TableCell className="text-right align-top tabular-nums">{kn(c.vertical)}</TableCell>
                <TableCell className="text-right align-top tabular-nums">{kn(c.longitudinal)}</TableCell>
                <TableCell className="text-right align-top tabular-nums">{kn(c.transverse)}</TableCell>
                <TableCell className="min-w-64 align-top whitespace-normal">
                  {c.description && <span className="block">{c.description}</span>}
                  {[...c.how, ...c.imposed].map((line) => (
                    <span key={line} className="block text-muted-foreground">
                      {line}
                    </span>
                  ))}
                  <span className="block text-xs text-muted-foreground">In {c.tables.map(tableName).join(", ")}</span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      {summary.vehicles.length > 0 && (
        <Section title="Vehicles" testId="summary-vehicles">
          <Table aria-label="Vehicles of the moving loads (MVHL Vehicles, MVLD Moving Load Cases)">
            <TableHeader>
              <TableRow>
                <TableHead>Vehicle</TableHead>
                <TableHead className="text-right">Axles</TableHead>
                <TableHead className="text-right">Total (kN)</TableHead>
                <TableHead>Axle loads (kN) and spacings (m)</TableHead>
                <TableHead>Lane load, allowance</TableHead>
                <TableHead>Lanes (eccentricity m: factor)</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.vehicles.map((v) => (
                <TableRow key={v.name} data-vehicle={v.name}>
                  <TableCell className="align-top font-medium">
                    {v.name}
                    <span className="block text-xs font-normal text-muted-foreground">{v.description}</span>
                  </TableCell>
                  <TableCell className="text-right align-top tabular-nums">{v.axleCount}</TableCell>
                  <TableCell className="text-right align-top tabular-nums">{fmt(v.total)}</TableCell>
                  <TableCell className="min-w-64 align-top whitespace-normal">
                    {v.axles
                      .map((a, k) => `${fmt(a.load)}${a.spacing === null ? "" : ` —${fmt(a.spacing, 3)}${v.variableGap?.afterAxle === k + 1 ? "*" : ""}— `}`)
                      .join("")}
                    {v.variableGap && (
                      <span className="block text-muted-foreground">
                        * the gap after axle {v.variableGap.afterAxle} takes {v.variableGap.lengths.map((l) => fmt(l, 3)).join(", ")} m (the case is their
                        envelope)
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="align-top whitespace-normal">
                    {fmt(v.laneLoad, 3)} kN/m; dynamic load allowance {fmt(v.dynamicLoadAllowance)} %
                  </TableCell>
                  <TableCell className="align-top whitespace-normal">
                    {v.lanes.map((l) => `${l.lane}: ${fmt(l.eccentricity, 3)} m × ${fmt(l.factor, 3)}`).join("; ")} ({fmt(v.laneWidth, 3)} m wide)
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}

      {summary.pileGroups.length > 0 && (
        <Section title="Soil springs per pile group" testId="summary-piles">
          <Table aria-label="Soil springs per pile group (NSPR Point Spring Supports)">
            <TableHeader>
              <TableRow>
                <TableHead>Pile group</TableHead>
                <TableHead>Piers</TableHead>
                <TableHead>Piles</TableHead>
                <TableHead>Soil layers (depth m: kh kN/m³)</TableHead>
                <TableHead>Springs on one pile (depth m: kN/m)</TableHead>
                <TableHead>Toe</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.pileGroups.map((g) => (
                <TableRow key={g.name} data-pile-group={g.name}>
                  <TableCell className="align-top font-medium">{g.name}</TableCell>
                  <TableCell className="align-top whitespace-normal">{g.piers.join(", ") || "none"}</TableCell>
                  <TableCell className="align-top whitespace-normal">
                    {g.pilesPerPier} × {g.pileSection}, {fmt(g.pileLength, 3)} m
                  </TableCell>
                  <TableCell className="align-top whitespace-normal">
                    {g.layers.length === 0 ? "no soil" : g.layers.map((l) => `${fmt(l.top, 3)}–${fmt(l.bottom, 3)}: ${fmt(l.kh, 0)}`).join("; ")}
                  </TableCell>
                  <TableCell className="align-top whitespace-normal">
                    {g.nodes.map((n) => `${fmt(n.depth, 2)}: ${n.stiffness > 0 ? fmt(n.stiffness, 0) : "none"}`).join("; ")}
                    <span className="block text-muted-foreground">
                      {g.springsPerPile} of {g.nodes.length} nodes per pile; {g.springNodes} in all
                    </span>
                  </TableCell>
                  <TableCell className="align-top">{g.toe}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}

      <Section title="Bearings per support" testId="summary-bearings">
        <Table aria-label="Bearings per support (ELNK Elastic Link, one per bearing)">
          <TableHeader>
            <TableRow>
              <TableHead>Support</TableHead>
              <TableHead className="text-right">Chainage (m)</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Along the bridge</TableHead>
              <TableHead>Offsets (m)</TableHead>
              <TableHead>Stiffness per bearing, along / across / vertical (kN/m)</TableHead>
              <TableHead className="text-right">Diaphragm (kN)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {summary.supports.map((s) => (
              <TableRow key={s.support} data-support={s.support}>
                <TableCell className="font-medium">{s.support}</TableCell>
                <TableCell className="text-right tabular-nums">{fmt(s.chainage, 3)}</TableCell>
                <TableCell>
                  {s.bearings.length} × {s.type}
                </TableCell>
                <TableCell>
                  {s.fixity === "Fixed" ? "fixed" : "slides"}; {s.transverse === "held" ? "held across" : "slides across"}
                </TableCell>
                <TableCell className="tabular-nums">{s.bearings.map((b) => fmt(b.offset, 3)).join(", ")}</TableCell>
                <TableCell className="tabular-nums">
                  {s.bearings[0] ? `${fmt(s.bearings[0].longitudinal, 0)} / ${fmt(s.bearings[0].transverse, 0)} / ${fmt(s.bearings[0].vertical, 0)}` : "—"}
                </TableCell>
                <TableCell className="text-right tabular-nums">{s.diaphragm > 0 ? fmt(s.diaphragm) : "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section title="Combinations" testId="summary-combinations">
        <p className="text-sm text-muted-foreground">
          Generated ones are made from the cases&apos; kinds (AS 5100.2 factors, docs/midas.md); the engineer&apos;s come from the Load Combinations table
          (LCOM-GEN, Load Combinations (General)).
        </p>
        <Table aria-label="Load combinations with their factors">
          <TableHeader>
            <TableRow>
              <TableHead>Combination</TableHead>
              <TableHead>Limit state</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Factors</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {summary.combinations.map((c) => (
              <TableRow key={c.name} data-combination={c.name}>
                <TableCell className="align-top font-medium">{c.name}</TableCell>
                <TableCell className="align-top">{c.limitState}</TableCell>
                <TableCell className="align-top">
                  <Badge variant={c.generated ? "secondary" : "outline"}>{c.generated ? "generated" : "engineer's"}</Badge>
                </TableCell>
                <TableCell className="min-w-64 align-top whitespace-normal">
                  {c.method === "Envelope" ? `Envelope of ${c.factors.map((f) => f.name).join(", ")}` : plusFactors(c.factors)}
                  {c.description && <span className="block text-xs text-muted-foreground">{c.description}</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </div>
  );
}
