import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { FeedbackBridge } from '@/lib/feedback';

/** Mounts antd's App with the feedback bridge, as the providers do, so notices land in the DOM. */
export function renderFeedbackHost() {
  return render(
    <AntApp>
      <FeedbackBridge />
    </AntApp>,
  );
}
