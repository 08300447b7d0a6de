import { z } from 'zod';

/**
 * A form's values checked as the request body they become, for `zodRule` (lib/form-rules): the body schema's
 * own issues, each on the form field that holds its value. The console's form rule reads a field at the top
 * of a flat object; the fault-detection bodies nest their values (`params.vacantMinutes`) or carry what the
 * form does not show (the move, the version), and their refinements (a dismissal's reason, heating below
 * cooling) only run on a whole body. So the messages stay the shared schema's, word for word.
 */
export function bodySchema(
  schema: z.ZodType,
  toBody: (values: Record<string, unknown>) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.'),
) {
  return z.looseObject({}).superRefine((values, ctx) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: [fieldOf(issue.path)] });
  });
}
