import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

export type FormModalProps = Omit<ModalProps, 'onOk' | 'okText' | 'cancelText'> & {
  /** The antd form inside: OK submits it, so its onFinish (and the shared zod rules) decide. */
  form: { submit: () => void };
};

/** The create/edit dialog every console form uses: Save submits the form, Cancel closes. */
export function FormModal({ form, ...props }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal okText={t('common.save')} cancelText={t('common.cancel')} onOk={() => form.submit()} {...props} />
  );
}
