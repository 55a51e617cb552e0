import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A page of the menu whose tool is not built yet: it names the tool and says what it will do. */
export function ToolPage({ title, description, children }: { title: string; description: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          {children ?? <p>This tool is not available yet. It will appear here when it is connected.</p>}
        </CardContent>
      </Card>
    </div>
  );
}

export function PageHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-4 text-3xl font-semibold tracking-tight text-foreground dark:text-white">{title}</h1>
      <div className="space-y-4 text-muted-foreground dark:text-zinc-300">{children}</div>
    </div>
  );
}
