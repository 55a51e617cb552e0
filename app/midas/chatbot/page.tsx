import type { Metadata } from "next";
import Link from "next/link";
import { AssistantApp } from "@/components/assistant/assistant-app";
import { ToolPage } from "@/components/layout/tool-page";
import { modelConfig } from "@/lib/assistant/chat";
import { conversationsOf } from "@/lib/assistant/conversations";
import { requireUser } from "@/lib/auth/current-user";
import { env } from "@/lib/env";
import { findTool } from "@/lib/navigation";
import { pageProjects } from "@/lib/projects/page";

const tool = findTool("/midas/chatbot")!;

export const metadata: Metadata = { title: tool.label, description: tool.description };

export default async function Page({ searchParams }: PageProps<"/midas/chatbot">) {
  await requireUser("/midas/chatbot");
  const { user, current, storedCurrentId } = (await pageProjects())!;
  if (!current)
    return (
      <ToolPage title={tool.label} description={tool.description}>
        <p>
          The assistant works on a project: it reads that project&apos;s tables and keeps your conversations with it. You have no current project. Choose one of
          yours or create one in{" "}
          <Link href="/settings" className="font-medium text-foreground underline underline-offset-4">
            Settings
          </Link>
          , then come back here.
        </p>
      </ToolPage>
    );
  const { c } = await searchParams;
  // The list the conversations API answers: the user's in the stored current project (what the browser refreshes it from).
  const conversations = storedCurrentId === null ? [] : await conversationsOf({ userId: user.id, projectId: storedCurrentId });
  return (
    <AssistantApp
      key={current.id}
      configured={modelConfig(env()) !== null}
      project={current}
      initialConversations={conversations}
      initialConversationId={typeof c === "string" ? c : undefined}
    />
  );
}
