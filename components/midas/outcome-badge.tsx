import { Badge } from "@/components/ui/badge";

const VARIANT: Record<string, "success" | "destructive" | "secondary" | "outline" | "default"> = {
  applied: "success",
  done: "success",
  mismatch: "default",
  failed: "destructive",
  unchanged: "outline",
};

/** The outcome of a run or of one MIDAS table, in words and colour. */
export function OutcomeBadge({ outcome }: { outcome: string | null }) {
  if (outcome === null) return <Badge variant="secondary">running</Badge>;
  return (
    <Badge variant={VARIANT[outcome] ?? "outline"} data-outcome={outcome}>
      {outcome}
    </Badge>
  );
}
