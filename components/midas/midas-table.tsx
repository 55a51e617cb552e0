import { midasTableName } from "@/lib/midas/table-names";

/** A MIDAS table as an engineer reads it: its Civil NX name, with the API's code beside it. */
export function MidasTable({ code }: { code: string }) {
  const name = midasTableName(code);
  if (name === code) return <span className="font-mono">{code}</span>;
  return (
    <span>
      {name} <span className="font-mono text-xs text-muted-foreground">({code})</span>
    </span>
  );
}
