/// <reference types="vite/client" />

/** The build's id, distinct for every build (vite.config.ts). */
declare const __BUILD_ID__: string;
