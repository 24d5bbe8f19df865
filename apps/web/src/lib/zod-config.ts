// zod compiles object schemas with `new Function` when it may; its first try is an eval that the
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses, and browsers report the
// violation. The web app's schemas are small, so they parse without compiling (`jitless`).
// zod reads its configuration from this global when it loads (that is how copies of zod share it),
// so setting it here costs the entry no zod code. Imported first by main.tsx.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
