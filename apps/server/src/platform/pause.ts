/**
 * A wait that can be cut short: `done` resolves after `ms`, or at once when `wake` is called. Writers use it
 * to let work gather before a database statement, and end the wait when enough has gathered or a reader
 * needs it written.
 */
export function pause(ms: number): { done: Promise<void>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(() => wake(), ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, wake };
}
