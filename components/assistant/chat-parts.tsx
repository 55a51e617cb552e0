import { LoaderCircleIcon } from "lucide-react";

/** Pieces of the conversation both the page's first scripts and the chat session (loaded later) show. */

/** The engineer's message, as a bubble on the right. */
export function UserMessage({ text }: { text: string }) {
  return <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm whitespace-pre-wrap text-primary-foreground">{text}</div>;
}

/** While the model has not started its answer. */
export function Thinking() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      Thinking...
    </p>
  );
}

/** While a stored conversation's messages are on their way. */
export function Opening() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      Opening the conversation...
    </p>
  );
}
