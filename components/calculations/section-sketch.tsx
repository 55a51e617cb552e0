import type { BendingInput, BendingResult } from "@/lib/calculations/bending";

type Strip = { top: number; bottom: number; width: number };

/** The section as strips from the top (rectangle, T, I), as the calculation takes it. */
function stripsOf(input: BendingInput): Strip[] {
  switch (input.shape) {
    case "rectangle":
      return [{ top: 0, bottom: input.D, width: input.b }];
    case "T":
      return [
        { top: 0, bottom: input.hf, width: input.bef },
        { top: input.hf, bottom: input.D, width: input.bw },
      ];
    case "I":
      return [
        { top: 0, bottom: input.tfTop, width: input.bfTop },
        { top: input.tfTop, bottom: input.D - input.tfBottom, width: input.bw },
        { top: input.D - input.tfBottom, bottom: input.D, width: input.bfBottom },
      ];
  }
}

/** The outline of symmetric strips: down the right side, back up the left. */
function outlineOf(strips: Strip[], scale: number, cx: number, y0: number): string {
  const right = strips.flatMap((s) => [
    [cx + (s.width * scale) / 2, y0 + s.top * scale],
    [cx + (s.width * scale) / 2, y0 + s.bottom * scale],
  ]);
  const left = right.map(([x, y]) => [2 * cx - x!, y!]).reverse();
  return `M${[...right, ...left].map(([x, y]) => `${x!.toFixed(2)},${y!.toFixed(2)}`).join(" L")} Z`;
}

const widthAt = (strips: Strip[], depth: number) => strips.find((s) => depth >= s.top && depth <= s.bottom)?.width ?? strips[0]!.width;

/**
 * The section to scale, as entered: outline (rectangle, T or I), stress block, neutral axis, bar layers (dots growing
 * with the area, filled where yielded) and tendon layers (diamonds, filled in the tension zone). For a hogging M* the
 * working turns the section over; the sketch keeps it as entered and draws the stress block from the bottom.
 */
export function SectionSketch({ input, result }: { input: BendingInput; result: BendingResult }) {
  const strips = stripsOf(input);
  const width = Math.max(...strips.map((s) => s.width));
  const margin = 40;
  const scale = Math.min(260 / width, 320 / input.D);
  const w = width * scale;
  const h = input.D * scale;
  const x0 = margin;
  const y0 = 20;
  const cx = x0 + w / 2;
  const outline = outlineOf(strips, scale, cx, y0);
  const hogging = result.sense === "hogging";
  // Depths of the result are from the compression face: from the top when sagging, from the bottom when hogging.
  const fromTop = (depth: number) => (hogging ? input.D - depth : depth);
  const blockDepth = Math.min(result.blockDepth, input.D) * scale;
  const blockY = hogging ? y0 + h - blockDepth : y0;
  const naY = y0 + fromTop(result.dn) * scale;
  const maxArea = Math.max(1, ...input.steel.map((l) => l.area), ...(input.tendons ?? []).map((t) => t.area));
  const tendons = result.tendons;
  return (
    <svg
      viewBox={`0 0 ${Math.max(w + 2 * margin + 80, 280)} ${h + 82}`}
      className="h-auto w-full max-w-md"
      role="img"
      aria-label={`Section ${width} mm wide and ${input.D} mm deep; neutral axis at ${result.dn.toFixed(1)} mm from the compression face; ${input.steel.length} steel layer${input.steel.length === 1 ? "" : "s"}; ${tendons.length} tendon layer${tendons.length === 1 ? "" : "s"}; ${hogging ? "hogging, the top face in tension" : "the bottom face in tension"}`}
      data-testid="section-sketch"
    >
      <defs>
        <clipPath id="section-clip">
          <path d={outline} />
        </clipPath>
      </defs>
      <rect x={x0} y={blockY} width={w} height={blockDepth} fill="rgb(56 140 220 / 0.35)" clipPath="url(#section-clip)" />
      <path d={outline} fill="none" stroke="currentColor" strokeWidth={1.5} />
      <line x1={x0 - 15} x2={x0 + w + 15} y1={naY} y2={naY} stroke="rgb(220 80 60)" strokeDasharray="6 4" strokeWidth={1.5} />
      <text x={x0 + w + 18} y={naY + 4} fontSize={11} fill="currentColor">
        NA, dn = {result.dn.toFixed(1)}
      </text>
      <text x={x0 + w + 18} y={blockY + blockDepth / 2 + 4} fontSize={11} fill="currentColor">
        γdn = {result.blockDepth.toFixed(1)}
      </text>
      <text x={x0 + w + 18} y={hogging ? y0 + 10 : y0 + h} fontSize={10} fill="currentColor" data-testid="tension-face">
        tension face
      </text>
      {result.layers.map((layer, i) => {
        const depth = fromTop(layer.depth);
        const y = y0 + depth * scale;
        const r = 3 + 5 * Math.sqrt(layer.area / maxArea);
        const bars = 4;
        const inner = widthAt(strips, depth) * scale;
        const left = cx - inner / 2 + r + 6;
        const span = inner - 2 * (r + 6);
        return (
          <g key={`bar-${depth}-${i}`}>
            {Array.from({ length: bars }, (_, j) => (
              <circle
                key={j}
                cx={left + (span * j) / (bars - 1)}
                cy={y}
                r={r}
                fill={layer.yielded ? "currentColor" : "none"}
                stroke="currentColor"
                strokeWidth={1.5}
              />
            ))}
            <text x={x0 - 6} y={y + 4} fontSize={10} textAnchor="end" fill="currentColor">
              {depth}
            </text>
          </g>
        );
      })}
      {tendons.map((t, i) => {
        const depth = fromTop(t.depth);
        const y = y0 + depth * scale;
        const r = 3 + 5 * Math.sqrt(t.area / maxArea);
        const inner = widthAt(strips, depth) * scale;
        const xs = [cx - inner / 4, cx + inner / 4];
        return (
          <g key={`tendon-${depth}-${i}`} data-testid="sketch-tendon">
            {xs.map((x) => (
              <path
                key={x}
                d={`M${x},${y - r} L${x + r},${y} L${x},${y + r} L${x - r},${y} Z`}
                fill={t.zone === "tension" ? "rgb(220 80 60)" : "none"}
                stroke="rgb(220 80 60)"
                strokeWidth={1.5}
              />
            ))}
            <text x={x0 - 6} y={y + 4} fontSize={10} textAnchor="end" fill="currentColor">
              {Number(depth.toFixed(1))}
            </text>
          </g>
        );
      })}
      <text x={x0 + w / 2} y={y0 + h + 18} fontSize={11} textAnchor="middle" fill="currentColor">
        {width} × {input.D} mm
        {input.shape === "T"
          ? ` (web ${input.bw}, flange ${input.hf})`
          : input.shape === "I"
            ? ` (webs ${input.bw}, flanges ${input.tfTop} and ${input.tfBottom})`
            : ""}
      </text>
      <text x={x0} y={y0 + h + 36} fontSize={10} fill="currentColor">
        ● bar yielded ○ elastic; ◆ tendon in tension ◇ above the NA
      </text>
      <text x={x0} y={y0 + h + 52} fontSize={10} fill="currentColor">
        shaded: stress block α2 f&apos;c; depths from the top
      </text>
    </svg>
  );
}
