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

type Gate = { open: (value: string, focus: boolean, byHover: boolean) => void; delay: number };
/** Set until a menu is first wanted: everything renders plain, contents not at all. */
const GateContext = createContext<Gate | null>(null);
const ItemValue = createContext("");
/** Whether the trigger of this item had focus when radix took over (asked once), to be focused again. */
const ClaimFocus = createContext<(value: string) => boolean>(() => false);

/**
 * Asked on a click of a trigger: whether to keep its menu open. radix toggles on click, so the click of a hand that
 * rested a moment on the trigger first (or of a slow machine between moving and clicking) would close the menu the
 * hover had just opened. The first click on a menu the hover opened keeps it open; the next one closes it.
 */
const KeepOpenContext = createContext<(value: string) => boolean>(() => false);

type RootProps = React.ComponentProps<typeof Parts.NavigationMenu>;

function NavigationMenu({ delayDuration = 200, onValueChange, ...props }: RootProps) {
  const [opened, setOpened] = useState<string | null>(null);
  const focused = useRef<string | null>(null);
  /** The menu the resting pointer opened, until the next click or change. */
  const hoverOpened = useRef<string | null>(null);
  /** A click that radix will act on: the next change is the click's. */
  const clicked = useRef(false);
  useAfterLoad(menu.preload as () => void);
  const open = useCallback((value: string, focus: boolean, byHover: boolean) => {
    focused.current = focus ? value : null;
    hoverOpened.current = byHover ? value : null;
    void menu.preload();
    setOpened(value);
  }, []);
  // radix opens a menu on hover and on click (Enter included); a change without a click before it is the hover's.
  const changed = useCallback(
    (value: string) => {
      hoverOpened.current = value !== "" && !clicked.current ? value : null;
      clicked.current = false;
      onValueChange?.(value);
    },
    [onValueChange],
  );
  const keepOpen = useCallback((value: string) => {
    const hovered = hoverOpened.current;
    hoverOpened.current = null;
    if (hovered === value) return true;
    clicked.current = true;
    return false;
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
        <KeepOpenContext.Provider value={keepOpen}>
          <Root {...props} delayDuration={delayDuration} defaultValue={opened} onValueChange={changed} />
        </KeepOpenContext.Provider>
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
  const keepOpen = useContext(KeepOpenContext);
  if (gate) return <PlainTrigger {...props} gate={gate} value={value} />;
  const focusIfWanted = (element: HTMLButtonElement | null) => {
    if (element && claimFocus(value)) element.focus({ preventScroll: true });
  };
  const onClick = (event: React.MouseEvent<HTMLButtonElement>) => {
    props.onClick?.(event);
    // radix skips its toggle when the event is prevented.
    if (keepOpen(value)) event.preventDefault();
  };
  return <Trigger ref={focusIfWanted} {...props} onClick={onClick} />;
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
        timer.current = window.setTimeout(() => gate.open(value, false, true), gate.delay);
      }}
      onPointerLeave={() => {
        cancel();
        timer.current = undefined;
      }}
      onClick={(event) => {
        cancel();
        gate.open(value, event.currentTarget === document.activeElement, false);
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
