"use client";

import { createContext, type ReactNode, Suspense, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useAfterLoad } from "@/hooks/use-after-load";
import { deferred, deferredPart } from "./first-use";
import { itemClass, listClass, rootClass, TriggerChevron, triggerClass } from "./navigation-menu-look";
import type * as Parts from "./navigation-menu-parts";

/**
 * shadcn's navigation menu, whose radix code (./navigation-menu-parts) is not
 * in every page's first scripts: until a menu is first wanted the bar is the
 * same markup without behaviour, its triggers plain buttons. Hovering one (after
 * the menu's delay), clicking it or pressing Enter on it mounts radix with that
 * menu open. The code is fetched once the page is idle, or when the pointer or
 * focus reaches a trigger.
 */
const menu = deferred("menu", () => import("./navigation-menu-parts"));
const Root = deferredPart(menu, (p) => p.NavigationMenu);
const List = deferredPart(menu, (p) => p.NavigationMenuList);
const Item = deferredPart(menu, (p) => p.NavigationMenuItem);
const Trigger = deferredPart(menu, (p) => p.NavigationMenuTrigger);
const Content = deferredPart(menu, (p) => p.NavigationMenuContent);
// Only ever rendered inside an open menu's content.
const NavigationMenuLink = deferredPart(menu, (p) => p.NavigationMenuLink);

type Gate = { open: (value: string, focus: boolean) => void; delay: number };
/** Set until a menu is first wanted: everything renders plain, contents not at all. */
const GateContext = createContext<Gate | null>(null);
const ItemValue = createContext("");
/** Whether the trigger of this item had focus when radix took over (asked once), to be focused again. */
const ClaimFocus = createContext<(value: string) => boolean>(() => false);

type RootProps = React.ComponentProps<typeof Parts.NavigationMenu>;

function NavigationMenu({ delayDuration = 200, ...props }: RootProps) {
  const [opened, setOpened] = useState<string | null>(null);
  const focused = useRef<string | null>(null);
  useAfterLoad(menu.preload as () => void);
  const open = useCallback((value: string, focus: boolean) => {
    focused.current = focus ? value : null;
    void menu.preload();
    setOpened(value);
  }, []);
  const claimFocus = useCallback((value: string) => {
    if (focused.current !== value) return false;
    focused.current = null;
    return true;
  }, []);
  if (opened === null) return <PlainRoot gate={{ open, delay: delayDuration }} {...props} />;
  return (
    <Suspense fallback={<PlainRoot gate={{ open: () => {}, delay: delayDuration }} {...props} />}>
      <ClaimFocus.Provider value={claimFocus}>
        <Root {...props} delayDuration={delayDuration} defaultValue={opened} />
      </ClaimFocus.Provider>
    </Suspense>
  );
}

function PlainRoot({ gate, className, children, viewport = false, orientation = "horizontal", "aria-label": label }: RootProps & { gate: Gate }) {
  return (
    <GateContext.Provider value={gate}>
      <nav aria-label={label} data-slot="navigation-menu" data-viewport={viewport} data-orientation={orientation} className={rootClass(className)}>
        {children}
      </nav>
    </GateContext.Provider>
  );
}

function NavigationMenuList({ className, children, ...props }: React.ComponentProps<typeof Parts.NavigationMenuList>) {
  if (!useContext(GateContext))
    return (
      <List className={className} {...props}>
        {children}
      </List>
    );
  // radix wraps its list in a positioned div.
  return (
    <div style={{ position: "relative" }}>
      <ul data-slot="navigation-menu-list" data-orientation="horizontal" className={listClass(className)}>
        {children}
      </ul>
    </div>
  );
}

/** An item of the bar; its `value` names it, so the first menu wanted opens as radix mounts. */
function NavigationMenuItem({
  value,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Parts.NavigationMenuItem>, "value"> & { value: string }) {
  const unopened = useContext(GateContext) !== null;
  return (
    <ItemValue.Provider value={value}>
      {unopened ? (
        <li data-slot="navigation-menu-item" className={itemClass(className)}>
          {children}
        </li>
      ) : (
        <Item value={value} className={className} {...props}>
          {children}
        </Item>
      )}
    </ItemValue.Provider>
  );
}

function NavigationMenuTrigger(props: React.ComponentProps<typeof Parts.NavigationMenuTrigger>) {
  const gate = useContext(GateContext);
  const value = useContext(ItemValue);
  const claimFocus = useContext(ClaimFocus);
  if (gate) return <PlainTrigger {...props} gate={gate} value={value} />;
  const focusIfWanted = (element: HTMLButtonElement | null) => {
    if (element && claimFocus(value)) element.focus({ preventScroll: true });
  };
  return <Trigger ref={focusIfWanted} {...props} />;
}

function PlainTrigger({ gate, value, className, children }: { gate: Gate; value: string; className?: string; children?: ReactNode }) {
  const timer = useRef<number | undefined>(undefined);
  const cancel = () => window.clearTimeout(timer.current);
  useEffect(() => cancel, []);
  return (
    <button
      type="button"
      data-slot="navigation-menu-trigger"
      data-state="closed"
      aria-expanded={false}
      className={triggerClass(className)}
      onPointerEnter={() => void menu.preload()}
      onFocus={() => void menu.preload()}
      onPointerMove={(event) => {
        // As radix does: a mouse resting on a trigger opens its menu after the delay; touch opens by click.
        if (event.pointerType !== "mouse" || timer.current !== undefined) return;
        timer.current = window.setTimeout(() => gate.open(value, false), gate.delay);
      }}
      onPointerLeave={() => {
        cancel();
        timer.current = undefined;
      }}
      onClick={(event) => {
        cancel();
        gate.open(value, event.currentTarget === document.activeElement);
      }}
    >
      {children} <TriggerChevron />
    </button>
  );
}

function NavigationMenuContent(props: React.ComponentProps<typeof Parts.NavigationMenuContent>) {
  return useContext(GateContext) ? null : <Content {...props} />;
}

export { NavigationMenu, NavigationMenuContent, NavigationMenuItem, NavigationMenuLink, NavigationMenuList, NavigationMenuTrigger };
