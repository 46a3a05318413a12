/// <reference types="vite/client" />

/** The build's id, distinct for every build (vite.config.ts). */
declare const __BUILD_ID__: string;

/** The sign-in route's strings of a language (sign-in-strings.ts). */
declare module 'virtual:rumbo-sign-in-strings/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
