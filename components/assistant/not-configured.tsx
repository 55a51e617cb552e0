import { BotIcon } from "lucide-react";

/** What the page says while no language model is configured on the server. */
export function NotConfigured() {
  return (
    <div className="mx-auto flex max-w-3xl items-start gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground" role="status">
      <BotIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div>
        <p className="font-medium">The assistant is not configured on this server.</p>
        <p className="text-muted-foreground">
          To turn it on, set <code className="font-mono">LLM_BASE_URL</code> (any OpenAI-compatible endpoint) and <code className="font-mono">LLM_MODEL</code>,
          plus <code className="font-mono">LLM_API_KEY</code> if the service needs one, and restart Pontifex.
        </p>
      </div>
    </div>
  );
}
