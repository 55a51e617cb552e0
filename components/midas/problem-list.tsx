import Link from "next/link";
import type { ResponseOf } from "@/lib/http/contract";
import type { midasApi } from "@/lib/midas/api";

export type Problem = ResponseOf<typeof midasApi.preview>["problems"][number];

/** The tables' validation problems, each a link that opens its table filtered to its row. */
export function ProblemList({ problems, titles, projectId }: { problems: Problem[]; titles: Record<string, string>; projectId: number }) {
  return (
    <ul className="grid gap-2" aria-label="Problems" data-testid="midas-problems">
      {problems.map((p, i) => (
        <li key={`${p.dataset}:${p.parameter}:${p.item}:${i}`} className="rounded-md border border-destructive/40 px-3 py-2 text-sm">
          <Link
            href={`/midas/${p.dataset}?filter=${encodeURIComponent(p.parameter)}&project=${projectId}`}
            className="font-medium underline underline-offset-4 hover:text-primary"
          >
            {titles[p.dataset] ?? p.dataset} · {p.parameter}
            {p.item ? ` · ${p.item}` : ""}
          </Link>
          <p className="mt-1 text-muted-foreground">{p.message}</p>
        </li>
      ))}
    </ul>
  );
}
