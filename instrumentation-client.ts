// Runs in the browser before the app's code: zod builds object schemas with a probe of `new Function`, which the
// pages' CSP forbids (and reports) — jitless parsing needs no eval and must be set before any schema is made.
import { z } from "zod";

z.config({ jitless: true });
