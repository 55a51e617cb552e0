"use client";

import { CheckIcon, CopyIcon, KeyRoundIcon, PlugIcon, Trash2Icon } from "lucide-react";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { FieldMessage } from "@/components/ui/field-message";
import { toast } from "@/components/ui/toast";
import { useFieldErrors } from "@/hooks/use-field-errors";
import { useRevitEvents } from "@/components/revit/use-revit-events";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { callApi, type ResponseOf } from "@/lib/http/contract";
import { revitApi } from "@/lib/revit/api";
import { LocalTime } from "@/components/ui/local-time";

type Token = ResponseOf<typeof revitApi.tokens>["tokens"][number];
type Connection = ResponseOf<typeof revitApi.status>["connected"][number];

function When({ iso }: { iso: string | null }) {
  return iso ? <LocalTime iso={iso} /> : <>never</>;
}

/** Tokens for the Revit add-in: create (shown once), see use and connection, revoke. */
const noSubscription = () => () => {};

export function RevitTokens({ websocketPath }: { websocketPath: string }) {
  const [tokens, setTokens] = useState<Token[] | null>(null);
  const [connections, setConnections] = useState<Connection[]>([]);
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const [busy, setBusy] = useState(false);
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin.replace(/^http/, "ws"),
    () => "",
  );

  const load = useCallback(async () => {
    const [list, status] = await Promise.all([callApi(revitApi.tokens), callApi(revitApi.status)]);
    if (list.ok) setTokens(list.data.tokens);
    else toast.error(`Could not load your tokens: ${list.error}`);
    if (status.ok) setConnections(status.data.connected);
  }, []);

  // Loads again whenever the number of connected add-ins changes (and once at first).
  // load sets state only once its answers are in (after an await), never synchronously.
  const { connected } = useRevitEvents();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [connected, load]);

  const fields = useFieldErrors("token", { name: "Token name" }, "name");

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    fields.clear();
    const result = await callApi(revitApi.createToken, { body: { name } });
    setBusy(false);
    if (!result.ok) {
      fields.show(result.error);
      return;
    }
    setCreated({ name: result.data.name, token: result.data.token });
    setCopied(false);
    setName("");
    await load();
  }

  async function revoke(token: Token) {
    setBusy(true);
    const result = await callApi(revitApi.revokeToken, { params: { id: String(token.id) } });
    setBusy(false);
    setRevoking(null);
    if (!result.ok) {
      toast.error(`Could not revoke ${token.name}: ${result.error}`);
      return;
    }
    toast.success(`Revoked ${token.name}. Add-ins using it were disconnected.`);
    if (created?.name === token.name) setCreated(null);
    await load();
  }

  return (
    <Card id="revit">
      <CardHeader>
        <CardTitle>
          <h2>Revit add-in tokens</h2>
        </CardTitle>
        <CardDescription>
          The Pontifex add-in in Revit connects to {origin ? <code className="break-all">{`${origin}${websocketPath}`}</code> : "this server"} with a token.
          Give each workstation its own, and revoke it when the workstation goes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={create} className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 basis-56 gap-2">
            <Label htmlFor="token-name">Token name</Label>
            <Input
              id="token-name"
              placeholder="e.g. Drafting PC 3"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              required
              {...fields.propsOf("name")}
            />
            <FieldMessage id={fields.messageId("name")}>{fields.messageOf("name")}</FieldMessage>
          </div>
          <Button type="submit" disabled={busy || name.trim() === ""}>
            <KeyRoundIcon aria-hidden="true" />
            Create token
          </Button>
        </form>

        {created && (
          <Alert data-testid="new-token">
            <KeyRoundIcon aria-hidden="true" />
            <AlertTitle>Token for {created.name}: copy it now, it is not shown again</AlertTitle>
            <AlertDescription className="grid min-w-0 justify-items-stretch gap-2">
              <div className="flex min-w-0 items-center gap-2">
                <code className="min-w-0 flex-1 rounded bg-muted px-2 py-1 font-mono text-xs break-all text-foreground" data-testid="new-token-value">
                  {created.token}
                </code>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={async () => {
                    await navigator.clipboard?.writeText(created.token).catch(() => {});
                    setCopied(true);
                  }}
                >
                  {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                  {copied ? "Copied" : "Copy"}
                </Button>
              </div>
              <p className="min-w-0 text-xs break-all">
                Try it with the reference add-in:{" "}
                <code>{`npm run revit:agent -- --url ${origin}${websocketPath} --token ${created.token.slice(0, 8)}...`}</code>
              </p>
            </AlertDescription>
          </Alert>
        )}

        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Your tokens</h3>
          {tokens === null ? (
            <p className="text-sm text-muted-foreground">Loading...</p>
          ) : tokens.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tokens yet.</p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label="Tokens">
              {tokens.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm" data-testid="token-row">
                  <span className="min-w-40 flex-1 font-medium">{token.name}</span>
                  {token.connected > 0 ? (
                    <Badge variant="success">
                      <PlugIcon aria-hidden="true" />
                      Connected{token.connected > 1 ? ` (${token.connected})` : ""}
                    </Badge>
                  ) : (
                    <Badge variant="outline">Not connected</Badge>
                  )}
                  <span className="text-xs text-muted-foreground">
                    Created <When iso={token.createdAt} />
                  </span>
                  <span className="text-xs text-muted-foreground">
                    Last used <When iso={token.lastUsedAt} />
                  </span>
                  <Button size="sm" variant="ghost" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`} disabled={busy}>
                    <Trash2Icon aria-hidden="true" />
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Connected add-ins</h3>
          {connections.length === 0 ? (
            <p className="text-sm text-muted-foreground">None right now.</p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label="Connected add-ins">
              {connections.map((c) => (
                <li key={c.id} className="flex flex-wrap gap-x-4 gap-y-1 px-3 py-2 text-sm">
                  <span className="font-medium">{c.document || "(no document)"}</span>
                  <span className="text-muted-foreground">
                    {c.clientName} {c.revitVersion && `· Revit ${c.revitVersion}`} · token {c.tokenName}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    since <When iso={c.connectedAt} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? "token"}?`}
        description="Add-ins using this token are disconnected at once and cannot connect with it again."
        confirmLabel="Revoke"
        destructive
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
      />
    </Card>
  );
}
