import { useId, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGenPreview } from '../api/preview-gen-table';

/** The file's name for its tab; the whole path is in the tab's title and above the code. */
const fileName = (path: string) => path.split('/').at(-1) ?? path;

/**
 * The generated code, a tab per file, read-only in a code block. The tabs wrap onto more rows instead of
 * antd Tabs' overflow menu: a feature has some twenty files, most of which that menu would hide.
 */
export function PreviewModal({ tableId, onClose }: { tableId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const preview = useGenPreview(tableId);
  const files = Object.entries(preview.data ?? {});
  // The chosen file, per table: held here so a refetch of the code keeps it.
  const [chosen, setChosen] = useState<{ tableId?: number; path?: string }>({});
  const active =
    chosen.tableId === tableId && files.some(([path]) => path === chosen.path) ? chosen.path : files[0]?.[0];
  const code = files.find(([path]) => path === active)?.[1];
  const tabId = (index: number) => `${id}-tab-${index}`;
  const activeIndex = files.findIndex(([path]) => path === active);

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
        <>
          <div role="tablist" aria-label={t('codegen.files')} className="sb-gen-files">
            {files.map(([path], index) => (
              <button
                key={path}
                type="button"
                role="tab"
                id={tabId(index)}
                title={path}
                aria-selected={path === active}
                aria-controls={`${id}-panel`}
                tabIndex={path === active ? 0 : -1}
                className="sb-gen-file"
                onClick={() => setChosen({ tableId, path })}
                onKeyDown={(e) => {
                  const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                  if (step === 0) return;
                  const next = files[(index + step + files.length) % files.length];
                  if (!next) return;
                  setChosen({ tableId, path: next[0] });
                  document.getElementById(tabId((index + step + files.length) % files.length))?.focus();
                }}
              >
                {fileName(path)}
              </button>
            ))}
          </div>
          <figure
            className="sb-gen-code"
            role="tabpanel"
            id={`${id}-panel`}
            aria-labelledby={activeIndex >= 0 ? tabId(activeIndex) : undefined}
          >
            <figcaption>{active}</figcaption>
            <pre tabIndex={0} aria-label={active}>
              <code>{code}</code>
            </pre>
          </figure>
        </>
      )}
    </Modal>
  );
}
