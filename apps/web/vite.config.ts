import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { signInStrings } from './sign-in-strings';

// Build settings are read once here: the API origin for the dev proxy and a build id that
// makes each build's service worker distinct (the update prompt depends on it).
const apiOrigin = process.env.RUMBO_API_ORIGIN ?? 'http://localhost:8080';
const buildId = process.env.RUMBO_BUILD_ID ?? new Date().toISOString();

/**
 * Writes `.br` and `.gz` beside every text asset so the server can send them precompressed
 * (@fastify/static `preCompressed`), without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
    );
  return {
    name: 'rumbo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(file)) continue;
        if (file.includes('.vite') || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          // Highest quality except for the large lazy chunks, where it would slow the build.
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: data.length > 512 * 1024 ? 7 : 11 },
          }),
        );
      }
    },
  };
}

/**
 * MUI's `createTheme` without CSS variables: Rumbo's themes (shared/ui/theme.ts) use neither CSS
 * variables nor `colorSchemes`, and for such options `createTheme` is exactly its
 * `createThemeNoVars` branch. The other branch (the CSS-variables theme builder, ~4 KB gzip) is
 * reached only through `createTheme`'s import, by MUI's default theme too, so it sat on every
 * route, the sign-in one included. Swapping the module MUI's styles import keeps it out.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const muiStyles = /[\\/]@mui[\\/]material[\\/]styles[\\/]/;
  return {
    name: 'rumbo-mui-theme-without-css-variables',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== './createTheme.mjs' || !importer || !muiStyles.test(importer)) return null;
      return this.resolve('./createThemeNoVars.mjs', importer, { ...options, skipSelf: true });
    },
  };
}

/** MUI's styling core and the components of the signed-out screens (every screen but sign-in). */
const UI_BASE = new RegExp(
  [
    String.raw`node_modules[\/](@emotion|stylis|@mui[\/](system|utils|styled-engine|private-theming))[\/]`,
    String.raw`node_modules[\/]@mui[\/]material[\/](styles|utils|internal|transitions|ButtonBase|Button|IconButton|SvgIcon|Paper|Typography|CircularProgress|CssBaseline|InputBase|OutlinedInput|InputLabel|FormControl|FormLabel|FormHelperText|InputAdornment|TextareaAutosize|useLazyRipple|zero-styled|DefaultPropsProvider|colors)[\/]`,
  ].join('|'),
);
/**
 * Modules the folders above hold that no sign-in screen reaches (tabs' and menus' roving focus,
 * transitions, checkbox/switch base, Stack, media queries, the icons of other components): in
 * `ui-base` they cost the sign-in route ~4 KB gzip for nothing (decision 0056), so they are left
 * to the chunks of the screens that use them.
 */
const NOT_SIGN_IN = new RegExp(
  String.raw`node_modules[\/]@mui[\/](utils[\/]useRovingTabIndex|material[\/](utils[\/]useRovingTabIndex|internal[\/](Transition|animate|SwitchBase|switchBaseClasses|svg-icons)|useMediaQuery)|system[\/](Stack|useMediaQuery))`,
);

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    muiThemeWithoutCssVariables(),
    signInStrings(),
    precompress(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      includeAssets: ['logo.svg', 'favicon.svg'],
      manifest: {
        name: 'Rumbo',
        short_name: 'Rumbo',
        description: 'Gestión de flotas',
        lang: 'es',
        start_url: '/',
        display: 'standalone',
        theme_color: '#0b5cad',
        background_color: '#0b1f33',
        icons: [{ src: '/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // 1.2 MB of password dictionaries are fetched when needed, not installed up front.
        globIgnores: ['**/zxcvbn-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/config\.json$/, /^\/docs/],
        cleanupOutdatedCaches: true,
        // A click on an alert's system notification focuses the tab (public/sw-notification-click.js).
        importScripts: ['sw-notification-click.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // The password-strength dictionaries make one ~2 MB lazy chunk on purpose.
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      // The contracts package only declares values: an unused schema must not pull zod into the
      // login route.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // React on its own: the sign-in route needs it without MUI (decision 0062), and in
              // `ui-base` (which takes its modules' dependencies along) it would pull MUI in.
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'ui-base',
              test: (id: string) => UI_BASE.test(id) && !NOT_SIGN_IN.test(id),
              priority: 1,
            },
            {
              name: 'sign-in',
              test: /apps[\\/]web[\\/]src[\\/](features[\\/]auth[\\/]login-(page|parts|form-schema)|shared[\\/](rules[\\/]rules|api[\\/]error-message))\.tsx?$/,
              // Only these modules: their dependencies (router, services…) stay in the entry.
              includeDependenciesRecursively: false,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Password-strength dictionaries: loaded by the new-password screen only.
            { name: 'zxcvbn', test: /node_modules[\\/]@zxcvbn-ts[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true, ws: true },
      '/config.json': { target: apiOrigin, changeOrigin: true },
    },
  },
});
