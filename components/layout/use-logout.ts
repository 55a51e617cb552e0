"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { authApi } from "@/lib/auth/api";
import { callApi } from "@/lib/http/contract";

/** Deletes the session on the server, then shows the signed-out site. */
export function useLogout() {
  const router = useRouter();
  return async () => {
    const result = await callApi(authApi.logout);
    if (!result.ok) {
      console.error(`Response status: ${result.status}`);
      toast.error(`Could not log out: ${result.error}`);
      return;
    }
    router.push("/");
    router.refresh();
  };
}
