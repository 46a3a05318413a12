import { z } from 'zod';
import { runRules, type Rule } from './rules';

/** A zod string field checked by spec §5 rules, for react-hook-form's zod resolver. */
export function ruleField(rules: readonly Rule[]) {
  return z.string().superRefine((value, ctx) => {
    const result = runRules(rules, value);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result });
  });
}
