import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { Suspense } from "react";
import { SCREEN_ROWS_PRELOAD } from "@/components/datasets/preload-rows";
import { Footer } from "@/components/layout/footer";
import { NavBar } from "@/components/layout/nav-bar";
import { LinkedProjectNotice } from "@/components/projects/linked-project-notice";
import { ThemeProvider } from "@/components/layout/theme-provider";
import { ToastHost } from "@/components/ui/toast";
import { pageProjects } from "@/lib/projects/page";
import { screenRowsUrl } from "@/lib/datasets/api";
import { datasetAt } from "@/lib/datasets/registry";
import { env } from "@/lib/env";
import { PATH_HEADER } from "@/lib/http/page-headers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Pontifex", template: "%s · Pontifex" },
  description: "Pontifex: engineering model interface for bridge engineers.",
};

export const viewport: Viewport = { themeColor: "#000000", colorScheme: "dark light" };

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [page, requestHeaders] = await Promise.all([pageProjects(), headers()]);
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  // A table screen's rows are asked for from the head, the moment the page starts to arrive: as an element of
  // the layout, the link goes out with the first bytes (a preload() hint from the page comes too late for that).
  const dataset = datasetAt(requestHeaders.get(PATH_HEADER) ?? "");
  const rowsUrl = dataset && page?.current ? screenRowsUrl({ id: page.current.id, ds: dataset }) : undefined;
  const { SUPER_T_URL, DECK_UNIT_URL } = env();
  return (
    <html lang="en" suppressHydrationWarning className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body className="min-h-dvh font-sans">
        {rowsUrl && <link rel="preload" href={rowsUrl} {...SCREEN_ROWS_PRELOAD} />}
        <ThemeProvider nonce={nonce}>
          <NavBar
            user={page?.user ?? null}
            projects={page?.projects}
            currentProjectId={page?.storedCurrentId ?? null}
            externalUrls={{ SUPER_T_URL, DECK_UNIT_URL }}
          />
          {/* A column so the footer sits at the foot of the window on a short page, below the fold on a long one. */}
          <div className="flex min-h-dvh flex-col">
            <main id="content" className="flex-1 bg-background pt-14 text-foreground dark:bg-black dark:text-zinc-100">
              {page && (
                <Suspense>
                  <LinkedProjectNotice projects={page.projects} currentId={page.storedCurrentId} />
                </Suspense>
              )}
              {children}
            </main>
            <Footer />
          </div>
          <ToastHost position="bottom-right" richColors closeButton />
        </ThemeProvider>
      </body>
    </html>
  );
}
