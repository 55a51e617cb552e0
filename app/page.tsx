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
        <h1 className="text-5xl font-bold tracking-tight text-white sm:text-7xl">Pontifex</h1>
        <p className="text-lg text-zinc-300 sm:text-2xl">engineering model interface</p>
        {!user && (
          <Button asChild size="lg" className="bg-white text-black hover:bg-zinc-200">
            <Link href="/login">Login</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
