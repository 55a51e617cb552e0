"use client";

import {
  cloneElement,
  type ComponentType,
  createContext,
  isValidElement,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useContext,
  useState,
} from "react";
import { useAfterLoad } from "@/hooks/use-after-load";

/**
 * Menus and popovers whose radix machinery (focus handling, positioning) is
 * not in the page's first scripts. Until first opened, such a control is its
 * trigger alone, a plain button of the same look; pressing it loads the parts
 * and shows the control open. The parts are fetched ahead once the page is
 * idle, or when the pointer or focus reaches the trigger.
 */
export type Deferred<Parts> = {
  /** What the trigger says it opens (`aria-haspopup`). */
  popup: "menu" | "dialog";
  preload: () => Promise<Parts>;
  /** The parts, once loaded. */
  loaded: () => Parts | undefined;
};

export function deferred<Parts>(popup: "menu" | "dialog", load: () => Promise<Parts>): Deferred<Parts> {
  let loading: Promise<Parts> | undefined;
  let parts: Parts | undefined;
  return { popup, preload: () => (loading ??= load().then((loadedParts) => (parts = loadedParts))), loaded: () => parts };
}

/**
 * One part of a deferred control: suspends until its parts are loaded, and
 * once they are renders them at once (a lazy component would suspend on its
 * first render even then, showing the fallback for a frame).
 */
export function deferredPart<Parts, P extends object>(control: Deferred<Parts>, pick: (parts: Parts) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: pick(await control.preload()) }));
  return function DeferredPart(props: P) {
    const parts = control.loaded();
    const Part = parts ? pick(parts) : (Lazy as ComponentType<P>);
    return <Part {...props} />;
  };
}

type Gate = { open: () => void; preload: () => void; popup: "menu" | "dialog" };
/** Set while a control has not been opened yet: its trigger shows plain, its content not at all. */
const GateContext = createContext<Gate | null>(null);

/** Whether the control around is still unopened (its content renders nothing then). */
export const useUnopened = () => useContext(GateContext) !== null;

type RootProps = { open?: boolean; defaultOpen?: boolean; onOpenChange?: (open: boolean) => void; children?: ReactNode };

/**
 * The root of a deferred control: its children with a plain trigger until
 * first opened (or opened by its owner through `open`), then `Root` (the radix
 * root) open, and from then on as radix has it.
 */
export function DeferredRoot<Parts, P extends RootProps>({ control, Root, ...props }: { control: Deferred<Parts>; Root: ComponentType<P> } & P) {
  const [used, setUsed] = useState(false);
  const { preload } = control;
  useAfterLoad(preload as () => void);
  if (used || props.open || props.defaultOpen) {
    const closed: Gate = { open: () => {}, preload, popup: control.popup };
    return (
      <Suspense fallback={<GateContext.Provider value={closed}>{props.children}</GateContext.Provider>}>
        <Root {...(props as unknown as P)} defaultOpen={props.defaultOpen ?? (props.open === undefined ? true : undefined)} />
      </Suspense>
    );
  }
  const gate: Gate = {
    open: () => {
      setUsed(true);
      props.onOpenChange?.(true);
    },
    preload,
    popup: control.popup,
  };
  return <GateContext.Provider value={gate}>{props.children}</GateContext.Provider>;
}

type TriggerProps = { asChild?: boolean; children?: ReactNode } & React.ComponentProps<"button">;

/** A deferred control's trigger: the radix one once opened, else the same button, opening the control when pressed. */
export function DeferredTrigger({ Trigger, ...props }: { Trigger: ComponentType<TriggerProps> } & TriggerProps) {
  const gate = useContext(GateContext);
  if (!gate) return <Trigger {...props} />;
  const { asChild, children, ...rest } = props;
  const wiring = {
    "aria-haspopup": gate.popup,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: () => void gate.preload(),
    onFocus: () => void gate.preload(),
  };
  if (asChild && isValidElement<React.ComponentProps<"button">>(children)) {
    const own = children.props.onClick;
    return cloneElement(children as ReactElement<React.ComponentProps<"button">>, {
      ...rest,
      ...wiring,
      onClick: (event) => {
        own?.(event);
        if (!event.defaultPrevented) gate.open();
      },
    });
  }
  return (
    <button type="button" {...rest} {...wiring} onClick={() => gate.open()}>
      {children}
    </button>
  );
}
