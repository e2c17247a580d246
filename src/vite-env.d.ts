/// <reference types="vite/client" />
// __BUILD_VERSION__ is declared once in src/core/build-env.d.ts (defined by vite.config.ts / vitest.config.ts).
