import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import {
  ASSIGNABLE_ROLES,
  userCreateFormSchema,
  userEditFormSchema,
  userResetPwdFormSchema,
  type AdminUser,
  type AssignableRole,
  type Sex,
} from '@sbuilding/shared';
import { validationMessage, zodField } from '@/lib/form-rules';
import { RequestError } from '@/lib/request';
import { useCreateUser } from '../api/create-user';
import { userQueryOptions, useUser } from '../api/get-user';
import { useSaveUser } from '../api/save-user';
import { useTenantOptions } from '../api/get-tenant-options';
import { HallsField } from './halls-field';

export interface UserFormValues {
  userName: string;
  nickName: string;
  phonenumber: string;
  email: string;
  role: AssignableRole;
  deptId?: number;
  sex: Sex;
  password: string;
  confirmPassword: string;
  blacklisted: boolean;
  /** A weixin customer's buildings. */
  hallIds: number[];
}

export interface UserFormModalProps {
  /** The row to edit, or null to create a user. */
  user: AdminUser | null;
  /** A platform administrator: may give the role admin and chooses the department (tenant). */
  isAdmin: boolean;
  /** The signed-in user's id, to show a project admin's own department. */
  selfId: number | null;
  onClose: () => void;
}

/** Roles a caller may give (spec section 6): only a platform administrator gives `admin`. */
export function assignableRoles(isAdmin: boolean): AssignableRole[] {
  return ASSIGNABLE_ROLES.filter((r) => isAdmin || r !== 'admin');
}

function valuesOf(user: AdminUser): Partial<UserFormValues> {
  const role = ASSIGNABLE_ROLES.find((r) => r === user.role);
  return {
    nickName: user.nickName,
    phonenumber: user.phonenumber,
    email: user.email,
    ...(role ? { role } : {}),
    ...(user.deptId === null ? {} : { deptId: user.deptId }),
    sex: user.sex,
    blacklisted: user.blacklisted,
    hallIds: user.hallIds,
  };
}

const CREATE_DEFAULTS: Partial<UserFormValues> = { role: 'tbCustomer', sex: '0', blacklisted: false };

/** Create (with username and password) or edit a user, with the section 5 rules next to the fields. */
export function UserFormModal({ user, isAdmin, selfId, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserFormValues>();
  const [row, setRow] = useState(user);
  const create = useCreateUser();
  const save = useSaveUser();
  const tenants = useTenantOptions(isAdmin);
  const self = useUser(isAdmin ? null : selfId);
  const role = Form.useWatch('role', form);
  const deptId = Form.useWatch('deptId', form);
  const schema = row ? userEditFormSchema : userCreateFormSchema;
  const needsDept = isAdmin && role !== 'admin';

  const submit = async (values: UserFormValues) => {
    const deptId = needsDept ? values.deptId : undefined;
    // Other roles keep no buildings (the field is not shown for them).
    values = { ...values, hallIds: role === 'tbWeixinCustomer' ? (values.hallIds ?? []) : [] };
    try {
      if (row) {
        const parsed = userEditFormSchema.parse({ ...values, deptId });
        await save.mutateAsync({
          id: row.userId,
          body: { ...parsed, avatar: row.avatar, version: row.version },
        });
      } else {
        await create.mutateAsync(userCreateFormSchema.parse({ ...values, deptId }));
      }
      message.success(t(row ? 'users.saved' : 'users.created'));
      onClose();
    } catch (error) {
      // The request client has shown the server's message; a stale copy is reloaded for another try.
      if (row && error instanceof RequestError && error.code === 409) {
        const fresh = await queryClient.fetchQuery({ ...userQueryOptions(row.userId), staleTime: 0 });
        setRow(fresh);
        form.setFieldsValue(valuesOf(fresh));
      }
    }
  };

  return (
    <FormModal
      form={form}
      open
      title={t(row ? 'users.editTitle' : 'users.createTitle')}
      confirmLoading={create.isPending || save.isPending}
      onCancel={onClose}
      width={640}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        name={row ? 'user-edit' : 'user-create'}
        initialValues={row ? valuesOf(row) : CREATE_DEFAULTS}
        onFinish={(v) => void submit(v)}
      >
        {row ? (
          <Form.Item label={t('fields.userName')} htmlFor="sb-user-name-readonly">
            <Input id="sb-user-name-readonly" value={row.userName} readOnly variant="filled" />
          </Form.Item>
        ) : (
          <Form.Item
            label={t('fields.userName')}
            extra={t('users.userNameHint')}
            {...zodField(schema, 'userName')}
          >
            <Input autoComplete="off" maxLength={30} />
          </Form.Item>
        )}
        <Form.Item label={t('fields.nickName')} {...zodField(schema, 'nickName')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item label={t('fields.phonenumber')} {...zodField(schema, 'phonenumber')}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
        <Form.Item label={t('fields.email')} {...zodField(schema, 'email')}>
          <Input maxLength={50} inputMode="email" />
        </Form.Item>
        <Form.Item label={t('fields.role')} {...zodField(schema, 'role')}>
          <Select options={assignableRoles(isAdmin).map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        {isAdmin ? (
          needsDept && (
            <Form.Item
              label={t('fields.deptId')}
              name="deptId"
              required
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    if (typeof value !== 'number') throw new Error(validationMessage('required', 'deptId'));
                  },
                },
              ]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={tenants.isLoading}
                options={tenants.data ?? []}
              />
            </Form.Item>
          )
        ) : (
          <Form.Item label={t('fields.deptId')} htmlFor="sb-user-dept" extra={t('users.ownDeptHint')}>
            <Input id="sb-user-dept" value={self.data?.deptName ?? ''} readOnly variant="filled" />
          </Form.Item>
        )}
        {role === 'tbWeixinCustomer' && <HallsField isAdmin={isAdmin} tenantId={deptId} />}
        <Form.Item label={t('fields.sex')} {...zodField(schema, 'sex')}>
          <Radio.Group
            options={[
              { value: '0', label: t('users.sex.0') },
              { value: '1', label: t('users.sex.1') },
            ]}
          />
        </Form.Item>
        {!row && (
          <>
            <Form.Item
              label={t('fields.password')}
              extra={t('users.passwordHint')}
              {...zodField(userCreateFormSchema, 'password')}
            >
              <Input.Password autoComplete="new-password" maxLength={20} />
            </Form.Item>
            <Form.Item
              label={t('fields.confirmPassword')}
              dependencies={['password']}
              {...zodField(userResetPwdFormSchema, 'confirmPassword')}
            >
              <Input.Password autoComplete="new-password" maxLength={20} />
            </Form.Item>
          </>
        )}
        <Form.Item
          label={t('fields.blacklisted')}
          extra={t('users.blacklistHint')}
          valuePropName="checked"
          {...zodField(schema, 'blacklisted')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
