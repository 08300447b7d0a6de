import { useId, useState } from 'react';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { UPLOAD_MAX_BYTES, uploadedFileSchema, type FileKind } from '@sbuilding/shared';
import { RequestError, upload as uploadRequest } from '@/lib/request';

/**
 * Uploads a picture (kind image: JPG/PNG, judged by its bytes) or a floor plan (kind svg: sanitized).
 * Silent: the control shows the server's refusal next to the button.
 */
export function uploadFile({ kind, file, endpoint }: { kind: FileKind; file: Blob; endpoint?: string }) {
  return uploadRequest(endpoint ?? `/sbuilding/file/upload/${kind}`, file, {
    schema: uploadedFileSchema,
    silent: true,
  });
}

const ACCEPT: Record<FileKind, string> = { image: '.jpg,.jpeg,.png', svg: '.svg' };
const NAME_PATTERN: Record<FileKind, RegExp> = { image: /\.(jpe?g|png)$/i, svg: /\.svg$/i };

export interface FileUploadProps {
  kind: FileKind;
  /** The uploaded file's id (the form field); null without a file. */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The signed link of the file the row already has. */
  url?: string | null;
  /** The field's label, for the button's accessible name. */
  label: string;
  /** Where the file goes when not the files module's upload (a work order's photo from the mini-program). */
  endpoint?: string;
}

/**
 * One picture or floor plan: the name is checked here (the `accept` list), the bytes by the server,
 * whose refusal is shown under the button. The preview is an <img>: a plan is never put into the DOM.
 */
export function FileUpload({ kind, value, onChange, url, label, endpoint }: FileUploadProps) {
  const { t } = useTranslation();
  const upload = useMutation({ mutationFn: uploadFile });
  const errorId = useId();
  const [preview, setPreview] = useState<string | null>(url ?? null);
  const [error, setError] = useState<string | null>(null);
  const shown = value ? preview : null;

  const refuse = (text: string) => {
    setError(text);
    return Upload.LIST_IGNORE;
  };

  const beforeUpload = (file: File) => {
    if (!NAME_PATTERN[kind].test(file.name)) {
      return refuse(kind === 'image' ? t('validation.imageFormat') : t('upload.svgOnly'));
    }
    if (file.size > UPLOAD_MAX_BYTES) return refuse(t('upload.tooLarge'));
    setError(null);
    upload.mutate(
      { kind, file, endpoint },
      {
        onSuccess: (uploaded) => {
          setPreview(uploaded.url);
          onChange?.(uploaded.id);
        },
        onError: (e) => setError(e instanceof RequestError ? e.message : t('upload.failed')),
      },
    );
    // The upload runs through the request client, not antd's XHR.
    return false;
  };

  return (
    <Space orientation="vertical" size="small">
      {shown ? (
        <Image
          src={shown}
          alt={t('upload.previewAlt', { label })}
          width={kind === 'svg' ? 240 : 120}
          preview={false}
        />
      ) : null}
      <Space wrap>
        <Upload accept={ACCEPT[kind]} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
          <Button
            loading={upload.isPending}
            aria-describedby={error ? errorId : undefined}
            aria-label={t('upload.choose', { label })}
          >
            {t('upload.choose', { label })}
          </Button>
        </Upload>
        {value ? (
          <Button
            onClick={() => {
              setError(null);
              onChange?.(null);
            }}
          >
            {t('upload.remove', { label })}
          </Button>
        ) : null}
      </Space>
      <Typography.Text type="secondary">
        {kind === 'image' ? t('upload.imageHint') : t('upload.svgHint')}
      </Typography.Text>
      {error ? (
        <Typography.Text type="danger" id={errorId} role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
