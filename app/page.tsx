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
          <h1 className="text-5xl font-bold tracking-tight text-white sm:text-7xl">Pontifex</h1>
          <p className="text-lg text-zinc-300 sm:text-2xl">engineering model interface</p>
          {!user && (
            <Button asChild size="lg" className="bg-white text-black hover:bg-zinc-200">
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
