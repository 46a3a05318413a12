import type { FastifyInstance } from 'fastify';
import { translations, type Language } from '@rumbo/contracts';

// What the OpenAPI fuzz reads of the server: its registered routes, and the messages an error
// code may read in a language. Pure.

/** `METHOD path` of every registered route, read from `printRoutes()`'s tree. */
export function registeredRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

/** A regular expression matching a message made from `template` (`{{x}}` is anything). */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\{\w+\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 's');
}

/** What a message with this error code reads in `lang`; undefined for an unknown code. */
export function messagePatterns(lang: Language, code: string): RegExp[] | undefined {
  const errors = translations[lang].error as Record<string, string>;
  if (!Object.hasOwn(errors, code)) return undefined;
  const templates = [errors[code]!];
  if (code === 'validation') templates.push(errors.validation_field!);
  // An upload's refusals name its types or the archive bound passed (http/errors.ts).
  if (code === 'unsupported_media_type') templates.push(errors.unsupported_file_type!);
  if (code === 'payload_too_large') {
    templates.push(
      ...Object.keys(errors)
        .filter((k) => k.startsWith('archive_'))
        .map((k) => errors[k]!),
    );
  }
  return templates.map(templatePattern);
}
