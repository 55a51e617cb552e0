import Link from "next/link";
import { ProjectOverview } from "@/components/home/project-overview";
import { WaveBackground } from "@/components/home/wave-background";
import { Button } from "@/components/ui/button";
import { projectOverview } from "@/lib/projects/overview";
import { pageProjects } from "@/lib/projects/page";

export default async function HomePage() {
  const page = await pageProjects();
  const user = page?.user ?? null;
  const project = page?.current ?? null;
  const overview = page && project ? await projectOverview(page.user.id, project) : null;
  return (
    <>
      {/* Signed in, the splash leaves room for the project below it. */}
      <section
        className={`relative flex ${user ? "min-h-[40dvh]" : "min-h-[calc(100dvh-3.5rem)]"} flex-col items-center justify-center overflow-hidden px-6 text-center`}
      >
        <WaveBackground />
        <div className="relative z-10 flex flex-col items-center gap-6">
          <h1 className="text-5xl font-bold tracking-tight text-foreground sm:text-7xl dark:text-white">Pontifex</h1>
          <p className="text-lg text-muted-foreground sm:text-2xl dark:text-zinc-300">engineering model interface</p>
          {!user && (
            <Button asChild size="lg" className="bg-foreground text-background hover:bg-foreground/85 dark:bg-white dark:text-black dark:hover:bg-zinc-200">
              <Link href="/login">Login</Link>
            </Button>
          )}
        </div>
      </section>
      {overview && project && <ProjectOverview projectName={project.name} overview={overview} />}
      {page && !project && (
        <p className="px-6 py-8 text-center text-muted-foreground">
          No current project: create or choose one on{" "}
          <Link href="/settings" className="underline underline-offset-4">
            Settings
          </Link>
          .
        </p>
      )}
    </>
  );
}
