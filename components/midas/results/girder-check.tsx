"use client";

import { TriangleAlertIcon } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { callApi, type ResponseOf } from "@/lib/http/contract";
import { midasApi } from "@/lib/midas/api";
import { elementLabel } from "@/lib/midas/results-view";

type Check = ResponseOf<typeof midasApi.girderCheck>;
type Standard = Check["standard"];

const GirderCheckChart = dynamic(() => import("./girder-check-chart").then((m) => m.GirderCheckChart), {
  ssr: false,
  loading: () => <p className="h-72 text-sm text-muted-foreground">Loading the chart...</p>,
});

const STANDARDS: Record<Standard, string> = { "AS5100.5:2017": "AS 5100.5:2017 (bridges)", "AS3600:2018": "AS 3600:2018 (Amdt 2)" };
const kNm = (v: number) => v.toLocaleString("en-AU", { maximumFractionDigits: 0 });
const kN = (v: number) => v.toLocaleString("en-AU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const m = (v: number) => v.toLocaleString("en-AU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const ratio = (v: number) => v.toFixed(2);
/** Rows of the table drawn at first: the governing ones; the rest a click away. */
const FIRST_ROWS = 12;

const th = "sticky top-0 bg-card px-2 py-1.5 text-left font-medium whitespace-nowrap";
const td = "px-2 py-1 whitespace-nowrap tabular-nums";

/**
 * The girder design check on the girder results page: an ultimate combination's M* and V* against φMuo and φVu at
 * every element end, as a chart of utilisation along the chainage and a table with the governing points first, each
 * opening the calculators on its own numbers.
 */
export function GirderCheckCard({ projectId, stale }: { projectId: number; stale: boolean }) {
  const [combination, setCombination] = useState<string | undefined>(undefined);
  const [standard, setStandard] = useState<Standard>("AS5100.5:2017");
  const [check, setCheck] = useState<Check | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [all, setAll] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    void callApi(midasApi.girderCheck, { params: { id: projectId }, query: { combination, standard }, signal: abort.signal }).then((answer) => {
      if (abort.signal.aborted) return;
      if (answer.ok) {
        setCheck(answer.data);
        setFailure(null);
      } else {
        setCheck(null);
        setFailure(answer.error);
      }
    });
    return () => abort.abort();
  }, [projectId, combination, standard, stale]);

  const governing = check ? [...check.points].sort((a, b) => Math.max(b.utilisationM, b.utilisationV) - Math.max(a.utilisationM, a.utilisationV)) : [];
  const shown = all ? governing : governing.slice(0, FIRST_ROWS);
  const over = governing.filter((p) => Math.max(p.utilisationM, p.utilisationV) > 1).length;

  return (
    <Card data-testid="girder-check">
      <CardHeader>
        <CardTitle>
          <h2>Girder design check</h2>
        </CardTitle>
        <CardDescription>
          Strength in bending and shear at every element end, with the prestress, for an ultimate combination. A strength check takes an ultimate combination
          only: load cases and serviceability combinations are not design actions.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="check-combination">Ultimate combination</Label>
            <NativeSelect id="check-combination" value={check?.combination ?? combination ?? ""} onChange={(e) => setCombination(e.target.value)}>
              {(check?.combinations ?? (combination ? [combination] : [])).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="check-standard">Standard</Label>
            <NativeSelect id="check-standard" value={standard} onChange={(e) => setStandard(e.target.value as Standard)}>
              {Object.entries(STANDARDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        {failure && (
          <Alert variant="destructive" data-testid="girder-check-refused">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertTitle>The girder cannot be checked now</AlertTitle>
            <AlertDescription>
              <p className="break-words">{failure}</p>
            </AlertDescription>
          </Alert>
        )}
        {!check && !failure && <p className="text-sm text-muted-foreground">Working out the check...</p>}

        {check && (
          <>
            <p className="text-sm" data-testid="girder-check-summary">
              {check.combination} to {STANDARDS[check.standard]}: {check.points.length} points;{" "}
              {over === 0 ? "every point within its strength" : `${over} point${over === 1 ? "" : "s"} over 1.0`}. Highest in bending{" "}
              {ratio(check.governing.M.utilisationM)} at {check.governing.M.point}, in shear {ratio(check.governing.V.utilisationV)} at{" "}
              {check.governing.V.point}.
            </p>
            <figure className="grid gap-1">
              <figcaption className="text-sm font-medium">Utilisation along the girder (1.0 dashed)</figcaption>
              <GirderCheckChart points={check.points.map((p) => ({ chainage: p.chainage, bending: p.utilisationM, shear: p.utilisationV, point: p.point }))} />
            </figure>
            <div role="region" aria-label="Girder design check, governing points first" tabIndex={0} className="max-h-[32rem] overflow-auto rounded-md border">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b">
                    {["Point", "Chainage (m)", "Section", "M* (kNm)", "Tension face", "φMuo (kNm)", "M*/φMuo", "V* (kN)", "φVu (kN)", "V*/φVu", "Working"].map(
                      (h) => (
                        <th key={h} scope="col" className={th}>
                          {h}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((p) => (
                    <tr
                      key={`${p.element}-${p.part}`}
                      className="border-b last:border-0"
                      data-testid="girder-check-point"
                      data-phimuo={p.phiMuo}
                      data-phivu={p.phiVu}
                      data-mstar={p.Mstar}
                      data-element={elementLabel(p.span, p.chainage)}
                    >
                      <th scope="row" className={`${td} text-left font-medium`}>
                        {p.point}
                      </th>
                      <td className={td}>{m(p.chainage)}</td>
                      <td className={td}>{p.section}</td>
                      <td className={td}>{kNm(p.Mstar)}</td>
                      <td className={td}>{p.face}</td>
                      <td className={td}>{kNm(p.phiMuo)}</td>
                      <td className={`${td} ${p.utilisationM > 1 ? "font-semibold text-destructive" : ""}`}>{ratio(p.utilisationM)}</td>
                      <td className={td}>{kN(p.Vstar)}</td>
                      <td className={td}>{kN(p.phiVu)}</td>
                      <td className={`${td} ${p.utilisationV > 1 ? "font-semibold text-destructive" : ""}`}>{ratio(p.utilisationV)}</td>
                      <td className={td}>
                        <span className="flex gap-3">
                          <Link
                            className="underline underline-offset-4"
                            href={p.links.bending}
                            aria-label={`Check section at ${p.point}: bending, M* ${kNm(p.Mstar)} kNm`}
                          >
                            Check section
                          </Link>
                          <Link className="underline underline-offset-4" href={p.links.shear} aria-label={`Check shear at ${p.point}: V* ${kN(p.Vstar)} kN`}>
                            Check shear
                          </Link>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {governing.length > FIRST_ROWS && (
              <button type="button" className="justify-self-start text-sm underline underline-offset-4" onClick={() => setAll(!all)}>
                {all ? `Show the ${FIRST_ROWS} governing points only` : `Show all ${governing.length} points`}
              </button>
            )}
            <details className="text-sm">
              <summary className="cursor-pointer">What the check assumes</summary>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
                {check.assumptions.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
