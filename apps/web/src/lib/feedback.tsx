import { useEffect } from 'react';
import { App, Modal, message as staticMessage, notification as staticNotification } from 'antd';
import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The slice of antd's feedback APIs that code outside components (the request client) uses. */
export interface Feedback {
  message: Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info'>;
  notification: Pick<NotificationInstance, 'success' | 'error' | 'warning' | 'info'>;
  modal: { confirm: (props: ModalFuncProps) => { destroy: () => void } };
}

/**
 * antd's static `message`/`Modal` render outside the React tree and so ignore ConfigProvider (theme
 * colour, size, locale). The console instead keeps the context-aware instances of `App.useApp()`,
 * published by {@link FeedbackBridge}; the static ones are only a fallback for code that runs before
 * the tree mounts.
 */
const fallback: Feedback = { message: staticMessage, notification: staticNotification, modal: Modal };
let bridged: Feedback | null = null;

export function feedback(): Feedback {
  return bridged ?? fallback;
}

/** Mount once inside antd's `<App>`, before the router, so requests can show themed notices. */
export function FeedbackBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    bridged = { message, notification, modal };
    return () => {
      bridged = null;
    };
  }, [message, notification, modal]);
  return null;
}
