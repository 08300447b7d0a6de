import { Alert, Modal, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGenPreview } from '../api/preview-gen-table';

/** The file's name for its tab; the whole path is in the tab's title. */
const fileName = (path: string) => path.split('/').at(-1) ?? path;

/** The generated code, a tab per file, read-only in a code block. */
export function PreviewModal({ tableId, onClose }: { tableId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useGenPreview(tableId);
  const files = Object.entries(preview.data ?? {});
  return (
    <Modal
      open={tableId !== undefined}
      title={t('codegen.previewTitle')}
      width="90%"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {preview.isError && <Alert type="error" title={t('codegen.previewFailed')} />}
      {preview.isFetching && <Spin />}
      {files.length > 0 && (
        <Tabs
          items={files.map(([path, code]) => ({
            key: path,
            label: <span title={path}>{fileName(path)}</span>,
            children: (
              <figure className="sb-gen-code">
                <figcaption>{path}</figcaption>
                <pre tabIndex={0} aria-label={path}>
                  <code>{code}</code>
                </pre>
              </figure>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
