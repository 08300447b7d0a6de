const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/** The message of a wrong-typed input: 'required' when it is missing, else 'invalid'. */
export const requiredOrInvalid = (issue: { input?: unknown }) =>
  isBlank(issue.input) ? 'required' : 'invalid';
