"use client";

import { memo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cn } from "@/lib/utils";

// No raw HTML (react-markdown escapes it) and its default URL filter drops javascript: links.
const components: Components = {
  p: ({ node: _node, ...props }) => <p className="my-2 leading-relaxed first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-5" {...props} />,
  h1: ({ node: _node, ...props }) => <h3 className="mt-3 mb-2 text-base font-semibold" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className="mt-3 mb-2 text-base font-semibold" {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className="mt-3 mb-1 font-semibold" {...props} />,
  a: ({ node: _node, href, ...props }) => {
    const external = typeof href === "string" && /^https?:\/\//.test(href);
    return (
      <a href={href} className="text-primary underline underline-offset-2" {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...props} />
    );
  },
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-2 border-l-2 pl-3 text-muted-foreground" {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="my-2 overflow-x-auto rounded-md border">
      <table className="w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b bg-muted/50 px-2 py-1 text-left font-medium" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b px-2 py-1 align-top tabular-nums" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="my-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" {...props} />,
  code: ({ node: _node, className, ...props }) => (
    <code className={cn(className?.startsWith("language-") ? "" : "rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]", className)} {...props} />
  ),
};

/** An answer's Markdown, with GitHub tables, as the chat shows it. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="text-sm break-words">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
