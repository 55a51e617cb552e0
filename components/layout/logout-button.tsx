"use client";

import { LogOutIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useLogout } from "./use-logout";

export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="outline" onClick={logout}>
      <LogOutIcon aria-hidden="true" />
      Log Out
    </Button>
  );
}
