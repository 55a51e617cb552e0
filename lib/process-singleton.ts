/**
 * One value per server process, made on first use. server.ts and Next's
 * bundled route handlers each load their own copy of every module (and dev
 * hot reloads load more), so a module-level variable would exist several
 * times over: the value is kept on globalThis under `key` instead, and every
 * copy of the module gets the same one.
 */
export function processSingleton<T extends object>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[Symbol.for(`pontifex.${key}`)] ??= create());
}
