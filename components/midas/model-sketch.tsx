import { useId } from "react";
import type { ModelSketch as Sketch, SketchSupport } from "@/lib/midas/summary";

/** Heights in the elevation and widths in the plan are drawn larger than lengths along the bridge, by these factors. */
const HEIGHT_SCALE = 3;
const WIDTH_SCALE = 3;
/** Drawing units across the girder's length; the SVG scales to its box and scrolls inside it below MIN_WIDTH px. */
const LENGTH = 1000;
const MIN_WIDTH = 720;
const MARGIN = { left: 40, right: 40, top: 34, gap: 58, bottom: 16 };

const f1 = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 3 });

function BearingSymbol({ x, y, fixity }: { x: number; y: number; fixity: "fixed" | "guided" | "free" }) {
  // Fixed: a filled triangle on a base line. Guided (slides along, held across): open triangle on one roller. Free: two rollers.
  const s = 5;
  return (
    <g data-fixity={fixity}>
      <path
        d={`M${x} ${y} L${x - s} ${y + s * 1.4} L${x + s} ${y + s * 1.4} Z`}
        fill={fixity === "fixed" ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={1}
      />
      {fixity === "fixed" ? (
        <line x1={x - s - 2} x2={x + s + 2} y1={y + s * 1.4 + 1} y2={y + s * 1.4 + 1} stroke="currentColor" strokeWidth={1.5} />
      ) : fixity === "guided" ? (
        <circle cx={x} cy={y + s * 1.4 + 2} r={2} fill="none" stroke="currentColor" strokeWidth={1} />
      ) : (
        <>
          <circle cx={x - 2.5} cy={y + s * 1.4 + 2} r={2} fill="none" stroke="currentColor" strokeWidth={1} />
          <circle cx={x + 2.5} cy={y + s * 1.4 + 2} r={2} fill="none" stroke="currentColor" strokeWidth={1} />
        </>
      )}
    </g>
  );
}

/** A spring across a pile: a short zigzag. */
function Spring({ x, y }: { x: number; y: number }) {
  return <path d={`M${x} ${y} l3 -2 l3 4 l3 -4 l3 4 l3 -2`} fill="none" stroke="currentColor" strokeWidth={0.8} />;
}

function sketchText(sketch: Sketch): string {
  const piers = sketch.supports.filter((s) => s.kind === "pier");
  const fixed = sketch.supports.filter((s) => s.fixity === "Fixed").map((s) => s.name);
  return (
    `A girder of ${sketch.spans.length} spans from chainage ${f1(sketch.startChainage)} to ${f1(sketch.endChainage)} m on ${piers.length} piers and two abutments; ` +
    `fixed along the bridge at ${fixed.length > 0 ? fixed.join(", ") : "no support"}. The table below the drawing lists each support's levels.`
  );
}

/**
 * The model in elevation and plan (issue 28): the girder with its spans and chainages, each pier's headstock, columns,
 * pile cap and piles with their springs, each support's bearings with their fixity. Drawn from the built model's
 * coordinates, so a wrong chainage or height shows before anything is sent. Colours are currentColor: it follows
 * the theme. Its own box scrolls sideways on a narrow screen; the page never widens.
 */
export function ModelSketch({ sketch }: { sketch: Sketch }) {
  const id = useId();
  const length = Math.max(1e-6, sketch.endChainage - sketch.startChainage);
  const sx = LENGTH / length;
  const sz = sx * HEIGHT_SCALE;
  const sy = sx * WIDTH_SCALE;
  const X = (chainage: number) => MARGIN.left + (chainage - sketch.startChainage) * sx;
  const Z = (level: number) => MARGIN.top + (sketch.levels.max - level) * sz;
  const elevationBottom = Z(sketch.levels.min) + 4;
  const halfPlan = Math.max(
    sketch.deckWidth / 2,
    ...sketch.supports.map((s) => (s.pier ? Math.max(s.pier.cap.across / 2, s.pier.headstock.length / 2) : 0)),
    ...sketch.supports.flatMap((s) => s.bearings.map((b) => Math.abs(b.y))),
  );
  const planTop = elevationBottom + MARGIN.gap;
  const Y = (y: number) => planTop + 12 + (halfPlan - y) * sy;
  const height = Y(-halfPlan) + 12 + MARGIN.bottom;
  const width = MARGIN.left + LENGTH + MARGIN.right;

  // The girder: top of the deck and soffit through the supports.
  const top = sketch.supports.map((s) => `${X(s.chainage)},${Z(s.deckZ)}`);
  const soffit = [...sketch.supports].reverse().map((s) => `${X(s.chainage)},${Z(s.soffitZ)}`);

  const px = (m: number, scale: number) => Math.max(1.5, m * scale);

  const pier = (s: SketchSupport) => {
    const p = s.pier!;
    const x = X(s.chainage);
    const columnWidth = px(Math.max(...p.columns.map((c) => c.width), 0), sx);
    const springsAt = (toe: number, count: number) =>
      Array.from({ length: count }, (_, k) => Z(p.cap.bottom) + ((Z(toe) - Z(p.cap.bottom)) * (k + 1)) / (count + 0.5));
    return (
      <g key={s.name} data-testid="sketch-pier" data-name={s.name}>
        <rect
          x={x - px(p.headstock.width, sx) / 2}
          y={Z(p.headstock.top)}
          width={px(p.headstock.width, sx)}
          height={px(p.headstock.top - p.headstock.bottom, sz)}
          fill="currentColor"
          fillOpacity={0.35}
          stroke="currentColor"
          strokeWidth={0.8}
        />
        <rect
          x={x - columnWidth / 2}
          y={Z(p.headstock.bottom)}
          width={columnWidth}
          height={Math.max(0, Z(p.cap.top) - Z(p.headstock.bottom))}
          fill="currentColor"
          fillOpacity={0.2}
          stroke="currentColor"
          strokeWidth={0.8}
        />
        <rect
          x={x - px(p.cap.along, sx) / 2}
          y={Z(p.cap.top)}
          width={px(p.cap.along, sx)}
          height={px(p.cap.top - p.cap.bottom, sz)}
          fill="currentColor"
          fillOpacity={0.35}
          stroke="currentColor"
          strokeWidth={0.8}
        />
        {/* Piles in elevation: one line per row along the bridge (those behind each other coincide). */}
        {[...new Map(p.piles.map((pile) => [pile.x, pile])).values()].map((pile) => (
          <g key={pile.x}>
            <line
              x1={X(pile.x)}
              x2={X(pile.x)}
              y1={Z(p.cap.bottom)}
              y2={Z(pile.toeZ)}
              stroke="currentColor"
              strokeWidth={px(p.pileWidth, sx)}
              strokeOpacity={0.6}
            />
            {springsAt(pile.toeZ, pile.springs).map((y, k) => (
              <Spring key={k} x={X(pile.x) + 1} y={y} />
            ))}
            {p.toe === "Fixed" ? (
              <line x1={X(pile.x) - 4} x2={X(pile.x) + 4} y1={Z(pile.toeZ)} y2={Z(pile.toeZ)} stroke="currentColor" strokeWidth={2} />
            ) : (
              <circle cx={X(pile.x)} cy={Z(pile.toeZ) + 2} r={2} fill="none" stroke="currentColor" strokeWidth={1} />
            )}
          </g>
        ))}
      </g>
    );
  };

  return (
    <figure className="grid min-w-0 gap-2" data-testid="model-sketch">
      <div
        className="max-w-full overflow-x-auto rounded-md border text-foreground"
        data-testid="model-sketch-box"
        role="region"
        tabIndex={0}
        aria-label="Sketch of the model"
      >
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ minWidth: MIN_WIDTH }}
          className="block h-auto"
          fontSize={11}
          fontFamily="inherit"
        >
          <title id={`${id}-title`}>Elevation and plan of the model</title>
          <desc id={`${id}-desc`}>{sketchText(sketch)}</desc>
          <text x={MARGIN.left} y={12} fill="currentColor" fontWeight={600}>
            Elevation
          </text>
          {/* Spans: their lengths above the deck. */}
          {sketch.spans.map((span) => (
            <text key={span.index} x={(X(span.from) + X(span.to)) / 2} y={Z(sketch.levels.max) - 4} textAnchor="middle" fill="currentColor" fillOpacity={0.75}>
              {f1(span.length)} m
            </text>
          ))}
          <polygon
            points={[...top, ...soffit].join(" ")}
            fill="currentColor"
            fillOpacity={0.15}
            stroke="currentColor"
            strokeWidth={1}
            data-testid="sketch-girder"
          />
          {sketch.supports.map((s) => (
            <g key={s.name}>
              {s.kind === "abutment" && (
                <path
                  d={`M${X(s.chainage) - 8} ${Z(s.seatZ)} h16 v${4 * sz} h-16 Z`}
                  fill="currentColor"
                  fillOpacity={0.25}
                  stroke="currentColor"
                  strokeWidth={0.8}
                  data-testid="sketch-abutment"
                />
              )}
              <BearingSymbol x={X(s.chainage)} y={Z(s.soffitZ)} fixity={s.bearings[0]?.fixity ?? "free"} />
              <text x={X(s.chainage)} y={elevationBottom + 15} textAnchor="middle" fill="currentColor" fontWeight={600} fontSize={12}>
                {s.name}
              </text>
              <text x={X(s.chainage)} y={elevationBottom + 29} textAnchor="middle" fill="currentColor" fillOpacity={0.8} fontSize={10}>
                {f1(s.chainage)}
              </text>
            </g>
          ))}
          {sketch.supports.filter((s) => s.pier).map(pier)}

          <text x={MARGIN.left} y={planTop} fill="currentColor" fontWeight={600}>
            Plan
          </text>
          <rect
            x={X(sketch.startChainage)}
            y={Y(sketch.deckWidth / 2)}
            width={LENGTH}
            height={sketch.deckWidth * sy}
            fill="currentColor"
            fillOpacity={0.08}
            stroke="currentColor"
            strokeWidth={0.8}
          />
          <line x1={X(sketch.startChainage)} x2={X(sketch.endChainage)} y1={Y(0)} y2={Y(0)} stroke="currentColor" strokeDasharray="6 3" strokeWidth={0.6} />
          {sketch.supports.map((s) => (
            <g key={s.name} data-testid="sketch-plan-support" data-name={s.name}>
              {s.pier && (
                <>
                  <rect
                    x={X(s.chainage) - px(s.pier.cap.along, sx) / 2}
                    y={Y(s.pier.cap.across / 2)}
                    width={px(s.pier.cap.along, sx)}
                    height={s.pier.cap.across * sy}
                    fill="none"
                    stroke="currentColor"
                    strokeDasharray="2 2"
                    strokeWidth={0.8}
                  />
                  {s.pier.piles.map((pile) => (
                    <circle
                      key={`${pile.x},${pile.y}`}
                      cx={X(pile.x)}
                      cy={Y(pile.y)}
                      r={Math.max(1.2, (s.pier!.pileWidth / 2) * sx)}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={0.8}
                    />
                  ))}
                  {s.pier.columns.map((c) => (
                    <circle key={c.y} cx={X(s.chainage)} cy={Y(c.y)} r={Math.max(1.5, (c.width / 2) * sx)} fill="currentColor" fillOpacity={0.5} />
                  ))}
                </>
              )}
              {s.bearings.map((b) =>
                b.fixity === "fixed" ? (
                  <rect key={b.y} x={X(s.chainage) - 3} y={Y(b.y) - 3} width={6} height={6} fill="currentColor" data-fixity="fixed" />
                ) : (
                  <g key={b.y} data-fixity={b.fixity}>
                    <rect x={X(s.chainage) - 3} y={Y(b.y) - 3} width={6} height={6} fill="none" stroke="currentColor" strokeWidth={1} />
                    {/* Slides along the bridge: an arrow both ways; free also across. */}
                    <path d={`M${X(s.chainage) - 7} ${Y(b.y)} h14`} stroke="currentColor" strokeWidth={0.8} />
                    {b.fixity === "free" && <path d={`M${X(s.chainage)} ${Y(b.y) - 7} v14`} stroke="currentColor" strokeWidth={0.8} />}
                  </g>
                ),
              )}
            </g>
          ))}
        </svg>
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Drawn from the model&apos;s nodes: heights ×{HEIGHT_SCALE} and plan widths ×{WIDTH_SCALE} against lengths. Bearings: ▲ on a line fixed along the bridge,
        △ on one roller guided (slides along, held across), △ on two rollers free. Piles with their soil springs (zigzags); ○ at a pinned toe, a bar at a fixed
        one. Plan: ■ fixed bearing, □ with ↔ guided; columns filled, piles open circles in the dashed pile cap.
      </figcaption>
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">The sketch as text</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-xs tabular-nums" aria-label="Supports as drawn">
            <thead>
              <tr className="border-b">
                <th className="py-1 pr-3">Support</th>
                <th className="py-1 pr-3">Chainage (m)</th>
                <th className="py-1 pr-3">Deck (m)</th>
                <th className="py-1 pr-3">Soffit (m)</th>
                <th className="py-1 pr-3">Seat (m)</th>
                <th className="py-1 pr-3">Pile cap top (m)</th>
                <th className="py-1 pr-3">Pile toes (m)</th>
                <th className="py-1 pr-3">Bearings</th>
              </tr>
            </thead>
            <tbody>
              {sketch.supports.map((s) => (
                <tr key={s.name} className="border-b last:border-0">
                  <td className="py-1 pr-3 font-medium">{s.name}</td>
                  <td className="py-1 pr-3">{f1(s.chainage)}</td>
                  <td className="py-1 pr-3">{f1(s.deckZ)}</td>
                  <td className="py-1 pr-3">{f1(s.soffitZ)}</td>
                  <td className="py-1 pr-3">{f1(s.seatZ)}</td>
                  <td className="py-1 pr-3">{s.pier ? f1(s.pier.cap.top) : "—"}</td>
                  <td className="py-1 pr-3">
                    {s.pier ? `${f1(Math.min(...s.pier.piles.map((p) => p.toeZ)))} (${s.pier.piles.length} piles, ${s.pier.toe.toLowerCase()})` : "—"}
                  </td>
                  <td className="py-1 pr-3">
                    {s.bearings.length} {s.bearingType} ({s.fixity.toLowerCase()} along) at {s.bearings.map((b) => f1(b.y)).join(", ")} m
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
