import type { BendingInput, BendingResult } from "@/lib/calculations/bending";

/**
 * The section to scale: outline, stress block, neutral axis and the steel
 * layers (each drawn as a row of bars, dot size growing with its area,
 * filled where yielded).
 */
export function SectionSketch({ input, result }: { input: BendingInput; result: BendingResult }) {
  const width = input.shape === "rectangle" ? input.b : input.bef;
  const margin = 40;
  const scale = Math.min(260 / width, 320 / input.D);
  const w = width * scale;
  const h = input.D * scale;
  const x0 = margin;
  const y0 = 20;
  const outline =
    input.shape === "rectangle"
      ? `M${x0},${y0} h${w} v${h} h${-w} Z`
      : (() => {
          const web = input.bw * scale;
          const flange = input.hf * scale;
          const side = (w - web) / 2;
          return `M${x0},${y0} h${w} v${flange} h${-side} v${h - flange} h${-web} v${-(h - flange)} h${-side} Z`;
        })();
  const blockDepth = Math.min(result.blockDepth, input.D) * scale;
  const naY = y0 + result.dn * scale;
  const maxArea = Math.max(...input.steel.map((l) => l.area));
  return (
    <svg
      viewBox={`0 0 ${Math.max(w + 2 * margin + 80, 280)} ${h + 64}`}
      className="h-auto w-full max-w-md"
      role="img"
      aria-label={`Section ${width} mm wide and ${input.D} mm deep; neutral axis at ${result.dn.toFixed(1)} mm; ${input.steel.length} steel layer${input.steel.length === 1 ? "" : "s"}`}
      data-testid="section-sketch"
    >
      <defs>
        <clipPath id="section-clip">
          <path d={outline} />
        </clipPath>
      </defs>
      <rect x={x0} y={y0} width={w} height={blockDepth} fill="rgb(56 140 220 / 0.35)" clipPath="url(#section-clip)" />
      <path d={outline} fill="none" stroke="currentColor" strokeWidth={1.5} />
      <line x1={x0 - 15} x2={x0 + w + 15} y1={naY} y2={naY} stroke="rgb(220 80 60)" strokeDasharray="6 4" strokeWidth={1.5} />
      <text x={x0 + w + 18} y={naY + 4} fontSize={11} fill="currentColor">
        NA, dn = {result.dn.toFixed(1)}
      </text>
      <text x={x0 + w + 18} y={y0 + blockDepth / 2 + 4} fontSize={11} fill="currentColor">
        γdn = {result.blockDepth.toFixed(1)}
      </text>
      {result.layers.map((layer, i) => {
        const y = y0 + layer.depth * scale;
        const r = 3 + 5 * Math.sqrt(layer.area / maxArea);
        const bars = 4;
        const inner = input.shape === "T" && layer.depth > input.hf ? input.bw * scale : w;
        const left = x0 + (w - inner) / 2 + r + 6;
        const span = inner - 2 * (r + 6);
        return (
          <g key={`${layer.depth}-${i}`}>
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
              {layer.depth}
            </text>
          </g>
        );
      })}
      <text x={x0 + w / 2} y={y0 + h + 18} fontSize={11} textAnchor="middle" fill="currentColor">
        {width} × {input.D} mm{input.shape === "T" ? ` (web ${input.bw}, flange ${input.hf})` : ""}
      </text>
      <text x={x0} y={y0 + h + 36} fontSize={10} fill="currentColor">
        ● yielded ○ elastic; shaded: stress block α2 f&apos;c
      </text>
    </svg>
  );
}
