import { useEffect } from 'react';
import { App, Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { profileBodySchema, type User } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useUpdateProfile } from '../api/update-profile';

type ProfileValues = Pick<User, 'nickName' | 'email' | 'phonenumber' | 'sex'>;

/** Nickname, phone, email and gender, checked by the shared profile schema (spec section 5). */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();

  useEffect(() => {
    form.setFieldsValue({
      nickName: user.nickName,
      email: user.email,
      phonenumber: user.phonenumber,
      sex: user.sex,
    });
  }, [form, user]);

  const onFinish = async (values: ProfileValues) => {
    const parsed = profileBodySchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await update.mutateAsync(parsed.data);
      message.success(t('profile.saved'));
    } catch {
      // The request client has shown the server's message.
    }
  };

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      onFinish={(v) => void onFinish(v)}
      className="sb-profile-form"
    >
      <Form.Item label={t('fields.nickName')} {...zodField(profileBodySchema, 'nickName')}>
        <Input maxLength={30} autoComplete="nickname" />
      </Form.Item>
      <Form.Item label={t('fields.phonenumber')} {...zodField(profileBodySchema, 'phonenumber')}>
        <Input maxLength={20} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item label={t('fields.email')} {...zodField(profileBodySchema, 'email')}>
        <Input maxLength={50} autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label={t('profile.sex')} name="sex">
        <Radio.Group
          aria-label={t('profile.sex')}
          options={[
            { value: '0', label: t('profile.sexes.0') },
            { value: '1', label: t('profile.sexes.1') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
