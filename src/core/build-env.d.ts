/** Replaced at build time by Vite / vitest `define` (vite.config.ts, vitest.config.ts). Declared once, here. */
declare const __BUILD_VERSION__: string;
