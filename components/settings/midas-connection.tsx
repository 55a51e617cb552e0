"use client";

import { CheckCircle2Icon, PlugZapIcon, SaveIcon, Trash2Icon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { FieldMessage } from "@/components/ui/field-message";
import { toast } from "@/components/ui/toast";
import { useFieldErrors } from "@/hooks/use-field-errors";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { callApi, type ResponseOf } from "@/lib/http/contract";
import { midasApi } from "@/lib/midas/api";
import { MAPI_KEY_MIN_LENGTH } from "@/lib/midas/key";

type Connection = ResponseOf<typeof midasApi.connection>;
type TestOutcome = ResponseOf<typeof midasApi.testConnection> | { ok: false; error: string };

/**
 * The "MIDAS Civil NX" section of /settings: the user's base URL and MAPI-Key
 * (after saving only its last 4 characters are shown), Test connection, and
 * Forget key. Pontifex's server makes every call to MIDAS, never the browser.
 */
export function MidasConnectionSettings({ initial, defaultBaseUrl }: { initial: Connection | null; defaultBaseUrl: string }) {
  const [saved, setSaved] = useState<Connection | null>(initial);
  const [baseUrl, setBaseUrl] = useState(initial?.baseUrl ?? defaultBaseUrl);
  const [apiKey, setApiKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const [forgetting, setForgetting] = useState(false);
  const fields = useFieldErrors("midas", { baseUrl: "Base URL", apiKey: "MAPI-Key" }, "baseUrl");

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    fields.clear();
    const result = await callApi(midasApi.saveConnection, { body: { baseUrl, apiKey } });
    setBusy(false);
    if (!result.ok) {
      fields.show(result.error);
      return;
    }
    setSaved(result.data);
    setBaseUrl(result.data.baseUrl);
    setApiKey("");
    setTested(null);
    toast.success("MIDAS connection saved");
  }

  async function test() {
    setBusy(true);
    setTested(null);
    const result = await callApi(midasApi.testConnection);
    setBusy(false);
    setTested(result.ok ? result.data : { ok: false, error: result.error });
  }

  async function forget() {
    setBusy(true);
    const result = await callApi(midasApi.forgetConnection);
    setBusy(false);
    setForgetting(false);
    if (!result.ok) {
      toast.error(`Could not forget the key: ${result.error}`);
      return;
    }
    setSaved(null);
    setTested(null);
    toast.success("The MIDAS key is forgotten");
  }

  const noConnection = saved ? null : "Save a base URL and a MAPI-Key first.";

  return (
    <Card id="midas">
      <CardHeader>
        <CardTitle>
          <h2>MIDAS Civil NX</h2>
        </CardTitle>
        <CardDescription>
          Create Midas builds the analysis model in your MIDAS Civil NX through its API. The key is issued inside Civil NX (Apps &gt; API Settings); it is
          stored encrypted, and only its last 4 characters are ever shown again. The Pontifex server makes every call to MIDAS.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={save} className="grid gap-4" aria-label="MIDAS connection">
          <div className="grid gap-2">
            <Label htmlFor="midas-base-url">Base URL</Label>
            <Input
              id="midas-base-url"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              required
              {...fields.propsOf("baseUrl", "midas-base-url-hint")}
            />
            <FieldMessage id={fields.messageId("baseUrl")}>{fields.messageOf("baseUrl")}</FieldMessage>
            <p id="midas-base-url-hint" className="text-xs text-muted-foreground">
              The MIDAS cloud relay is {defaultBaseUrl}; a workstation may expose http://127.0.0.1:&lt;port&gt;/civil. Your administrator decides which hosts
              and ports are allowed; Test connection tells whether Pontifex can reach MIDAS there.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="midas-api-key">MAPI-Key</Label>
            <Input
              id="midas-api-key"
              type="password"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder={saved ? "Enter a new key to replace the saved one" : "Paste the key from Civil NX"}
              required
              minLength={MAPI_KEY_MIN_LENGTH}
              {...fields.propsOf("apiKey", "midas-key-state")}
            />
            <FieldMessage id={fields.messageId("apiKey")}>{fields.messageOf("apiKey")}</FieldMessage>
            <p id="midas-key-state" className="text-xs text-muted-foreground" data-testid="midas-key-state">
              {saved ? (
                <>
                  Saved key: <span className="font-mono">••••{saved.keyLast4}</span> for {saved.baseUrl}
                  {saved.keyLast4 === "" && <> (shorter than {MAPI_KEY_MIN_LENGTH} characters, so none of it is shown: save the whole key again)</>}
                </>
              ) : (
                "No key saved."
              )}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || apiKey.trim() === "" || baseUrl.trim() === ""}>
              <SaveIcon aria-hidden="true" />
              Save
            </Button>
            <DisabledReason reason={noConnection}>
              <Button type="button" variant="outline" onClick={() => void test()} disabled={busy || !saved}>
                <PlugZapIcon aria-hidden="true" />
                Test connection
              </Button>
            </DisabledReason>
            <DisabledReason reason={noConnection}>
              <Button type="button" variant="outline" onClick={() => setForgetting(true)} disabled={busy || !saved}>
                <Trash2Icon aria-hidden="true" />
                Forget key
              </Button>
            </DisabledReason>
          </div>
        </form>
        {tested?.ok === true && (
          <Alert variant={tested.isCivil ? "success" : "default"} data-testid="midas-test-result">
            {tested.isCivil ? <CheckCircle2Icon aria-hidden="true" /> : <TriangleAlertIcon aria-hidden="true" />}
            <AlertTitle>Connected: {tested.product}</AlertTitle>
            <AlertDescription className={tested.isCivil ? "text-current" : undefined}>
              {tested.version && <p>Version {tested.version}.</p>}
              {tested.user && (
                <p>
                  The key belongs to {tested.user}
                  {tested.company ? ` (${tested.company})` : ""}.
                </p>
              )}
              {tested.checkedWith === "/mapikey/verify" && (
                <p>
                  This server has no /config/ver, so the key was checked with /mapikey/verify, which answers even while Civil NX is closed or waiting on a
                  dialog: open a model in Civil NX before you apply.
                </p>
              )}
              {!tested.isCivil && <p>This key drives {tested.product}, not Civil NX: Create Midas needs a Civil NX key.</p>}
            </AlertDescription>
          </Alert>
        )}
        {tested?.ok === false && (
          <Alert variant="destructive" data-testid="midas-test-result">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertTitle>The connection failed</AlertTitle>
            <AlertDescription>
              <p className="break-words">{tested.error}</p>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
      <ConfirmDialog
        open={forgetting}
        onOpenChange={setForgetting}
        title="Forget the MIDAS key?"
        description="The base URL and the key are deleted from Pontifex. Create Midas needs them again before it can run."
        confirmLabel="Forget key"
        destructive
        busy={busy}
        onConfirm={() => void forget()}
      />
    </Card>
  );
}
