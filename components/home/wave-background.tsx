/**
 * Layers of sine waves drifting sideways (CSS animation; still under
 * prefers-reduced-motion). Each path spans two periods of the viewBox, so
 * shifting it by half its width loops without a seam.
 */
function wavePath(amplitude: number, baseline: number, periods = 4): string {
  const width = 2880;
  const step = width / (periods * 2);
  let d = `M0 ${baseline}`;
  for (let i = 0; i < periods * 2; i++) {
    const x = i * step;
    const dir = i % 2 === 0 ? -1 : 1;
    d += ` Q${x + step / 2} ${baseline + dir * amplitude} ${x + step} ${baseline}`;
  }
  return `${d} V600 H0 Z`;
}

const layers = [
  { amplitude: 40, baseline: 360, duration: "26s", opacity: 0.25 },
  { amplitude: 30, baseline: 410, duration: "19s", opacity: 0.35 },
  { amplitude: 22, baseline: 460, duration: "13s", opacity: 0.5 },
];

export function WaveBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden" data-testid="wave-background">
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(56,130,200,0.25),transparent_60%)]" />
      {layers.map((layer) => (
        <svg
          key={layer.baseline}
          className="wave-layer absolute bottom-0 left-0 h-[60%] w-[200%]"
          style={{ "--wave-duration": layer.duration } as React.CSSProperties}
          viewBox="0 0 2880 600"
          preserveAspectRatio="none"
        >
          <path d={wavePath(layer.amplitude, layer.baseline)} fill="rgb(56 140 220)" fillOpacity={layer.opacity} />
        </svg>
      ))}
    </div>
  );
}
