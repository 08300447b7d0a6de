import { App as AntApp } from 'antd';
import { FeedbackBridge } from '@/lib/feedback';

/**
 * antd's `<App>` with its message, notification and modal holders, loaded when the first notice is asked
 * for (lib/feedback.tsx): themed by the providers' ConfigProvider, and rendering no element of its own.
 */
export default function FeedbackHost() {
  return (
    <AntApp component={false}>
      <FeedbackBridge />
    </AntApp>
  );
}
