import Link from "next/link";
import { WaveBackground } from "@/components/home/wave-background";
import { Button } from "@/components/ui/button";
import { getCurrentUser } from "@/lib/auth/current-user";

export default async function HomePage() {
  const user = await getCurrentUser();
  return (
    <section className="relative flex min-h-[calc(100dvh-3.5rem)] flex-col items-center justify-center overflow-hidden px-6 text-center">
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
  );
}
