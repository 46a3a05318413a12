import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';

// The marker fastify-type-provider-zod gives its validation issues: the error handler treats
// issues of this compiler and of the library's alike.
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/**
 * Validates a request part with its zod schema, like fastify-type-provider-zod's compiler, but
 * keeps each issue's input, so the error handler can word every issue in the caller's language
 * ("expected a number, received text").
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const issues: FastifySchemaValidationError[] = result.error.issues.map((issue) => {
      const { path, code, message, ...params } = issue;
      const at = path.map(String).join('/');
      return Object.assign(
        { keyword: code, instancePath: `/${at}`, schemaPath: `#/${at}/${code}`, message, params },
        { [ZOD_ISSUE]: true },
      );
    });
    return { error: issues };
  };
