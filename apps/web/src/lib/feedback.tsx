import { useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
// The context alone, not antd's App: App brings message, notification and the modal (about 20 KB
// compressed) that the login page does not need before its first notice.
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { MessageInstance, MessageType, TypeOpen } from 'antd/es/message/interface';
import type { ModalFuncWithPromise } from 'antd/es/modal/useModal';

/** antd's feedback APIs (`App.useApp()`): toasts, notifications, confirm dialogs. */
export type Feedback = useAppProps;

/*
 * antd's static `message`/`Modal` render outside the React tree and so ignore ConfigProvider (theme colour,
 * size, locale). The console keeps the context-aware instances of antd's `<App>` instead, mounted by the
 * providers only when the first notice is asked for (or the signed-in layout opens): until then
 * `feedback()` and `App.useApp()` answer with stand-ins that queue each call and pass it on, in order, to
 * the instances once they have loaded. A call made after that goes straight through, as before.
 */

/** The instances of the mounted `<App>`s with a {@link FeedbackBridge}, the latest last. */
const hosts: Feedback[] = [];
/** Calls waiting for the first host. */
const waiting: ((host: Feedback) => void)[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Asks the providers to mount antd's `<App>` (loaded on demand), e.g. when the signed-in shell opens. */
export function wantFeedbackHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the providers should mount the feedback host. */
export function useFeedbackHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** `run` with the host's instances once there are some, its result wrapped (a thenable is not adopted). */
function later<R>(run: (host: Feedback) => R): Promise<{ value: R }> {
  return new Promise((resolve, reject) => {
    waiting.push((host) => {
      try {
        resolve({ value: run(host) });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    wantFeedbackHost();
  });
}

function host(): Feedback | undefined {
  return hosts.at(-1);
}

function voidCall(run: (host: Feedback) => void): void {
  const live = host();
  if (live) run(live);
  else void later(run);
}

/** A message call: antd's answer is a function that closes it and a thenable settled when it closes. */
function messageCall(run: (message: MessageInstance) => MessageType): MessageType {
  const live = host();
  if (live) return run(live.message);
  const result = later((h) => run(h.message));
  const closed: Promise<boolean> = result.then(({ value }) => value);
  const close = () => void result.then(({ value }) => value());
  return Object.assign(close, { then: closed.then.bind(closed) });
}

type ModalAnswer = ReturnType<ModalFuncWithPromise>;

/** A dialog call: antd's answer can be destroyed, updated and awaited (true when confirmed). */
function modalCall(run: (modal: Feedback['modal']) => ModalAnswer): ModalAnswer {
  const live = host();
  if (live) return run(live.modal);
  const result = later((h) => run(h.modal));
  return {
    destroy: () => void result.then(({ value }) => value.destroy()),
    update: (config) => void result.then(({ value }) => value.update(config)),
    // As antd's: settles with the user's answer (true when confirmed); `reject` is never called.
    then: (resolve) =>
      result
        .then(({ value }) => new Promise<boolean>((settle) => void value.then(settle, () => undefined)))
        .then(resolve),
  };
}

const messageOf =
  (kind: 'info' | 'success' | 'error' | 'warning' | 'loading'): TypeOpen =>
  (...args) =>
    messageCall((m) => m[kind](...args));

const noticeOf =
  (kind: 'info' | 'success' | 'error' | 'warning' | 'open') =>
  (...args: Parameters<Feedback['notification']['open']>) =>
    voidCall((h) => h.notification[kind](...args));

const dialogOf =
  (kind: 'info' | 'success' | 'error' | 'warning' | 'confirm'): ModalFuncWithPromise =>
  (...args) =>
    modalCall((m) => m[kind](...args));

/** The stand-ins, the same object every time (a stable context value). */
const deferred: Feedback = {
  message: {
    info: messageOf('info'),
    success: messageOf('success'),
    error: messageOf('error'),
    warning: messageOf('warning'),
    loading: messageOf('loading'),
    open: (args) => messageCall((m) => m.open(args)),
    destroy: (key) => voidCall((h) => h.message.destroy(key)),
  },
  notification: {
    info: noticeOf('info'),
    success: noticeOf('success'),
    error: noticeOf('error'),
    warning: noticeOf('warning'),
    open: noticeOf('open'),
    destroy: (key) => voidCall((h) => h.notification.destroy(key)),
  },
  modal: {
    info: dialogOf('info'),
    success: dialogOf('success'),
    error: dialogOf('error'),
    warning: dialogOf('warning'),
    confirm: dialogOf('confirm'),
  },
};

/** The feedback APIs for code outside components (the request client). */
export function feedback(): Feedback {
  return host() ?? deferred;
}

/**
 * Gives everything below `App.useApp()` without loading antd's `<App>`: the stand-ins, which the
 * providers' host later serves.
 */
export function FeedbackContext({ children }: { children: ReactNode }) {
  return <AppContext.Provider value={deferred}>{children}</AppContext.Provider>;
}

/** Mount inside antd's `<App>`: publishes its instances and passes on the calls that waited for them. */
export function FeedbackBridge() {
  const { message, notification, modal } = useContext(AppContext);
  useEffect(() => {
    // Outside an `<App>` the context holds the stand-ins themselves: nothing to publish.
    if (message === deferred.message) return;
    const instances = { message, notification, modal };
    hosts.push(instances);
    for (const run of waiting.splice(0)) run(instances);
    return () => {
      const at = hosts.lastIndexOf(instances);
      if (at >= 0) hosts.splice(at, 1);
    };
  }, [message, notification, modal]);
  return null;
}
