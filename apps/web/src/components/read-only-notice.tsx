import { Alert } from 'antd';

/**
 * Why an add or edit page is read-only for the signed-in person (issue 32): spec section 2 lets any session
 * open these pages, but only some may save, so the page says so at the top instead of refusing on Save.
 * antd's Alert is a `role="alert"` region, read out when the page opens.
 */
export function ReadOnlyNotice({ reason }: { reason: string }) {
  return <Alert type="info" showIcon title={reason} />;
}
