import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { passwordChangeFormSchema, profileBodySchema } from '@sbuilding/shared';
import { setLanguage } from './i18n';
import { isRequiredField, validationMessage, zodField } from './form-rules';

/** No per-keystroke delay: these forms are typed into a lot, on a busy machine. */
const userEvent = userEventLib.setup({ delay: null });

beforeEach(() => setLanguage('en'));

function PasswordForm() {
  return (
    <Form layout="vertical">
      <Form.Item label="Old password" {...zodField(passwordChangeFormSchema, 'oldPassword')}>
        <Input.Password />
      </Form.Item>
      <Form.Item label="New password" {...zodField(passwordChangeFormSchema, 'newPassword')}>
        <Input.Password />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        dependencies={['newPassword']}
        {...zodField(passwordChangeFormSchema, 'confirmPassword')}
      >
        <Input.Password />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('zod rules for antd forms', () => {
  it('says a blank required field is required, naming it', async () => {
    render(<PasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(await screen.findByText('Confirm password is required')).toBeInTheDocument();
  });

  it('reports the length rule and the confirmation mismatch', async () => {
    render(<PasswordForm />);
    await userEvent.type(screen.getByLabelText('New password'), '123');
    await userEvent.type(screen.getByLabelText('Confirm password'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Password length must be between 6 and 20 characters'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Passwords is different')).toBeInTheDocument();
  });

  it('clears the mismatch once the confirmation matches', async () => {
    render(<PasswordForm />);
    await userEvent.type(screen.getByLabelText('New password'), '123456');
    await userEvent.type(screen.getByLabelText('Confirm password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passwords is different')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Confirm password'), '6');
    await waitFor(() => expect(screen.queryByText('Passwords is different')).not.toBeInTheDocument());
  });

  it('marks fields the schema requires', () => {
    expect(isRequiredField(profileBodySchema, 'email')).toBe(true);
    expect(isRequiredField(profileBodySchema, 'sex')).toBe(false);
  });

  it('translates messages and labels', async () => {
    await setLanguage('zh-CN');
    expect(validationMessage('required', 'nickName')).toBe('用户昵称不能为空');
    expect(validationMessage('email', 'email')).toBe('请输入正确的邮箱地址');
    expect(validationMessage('Invalid input', 'email')).toBe('邮箱格式不正确');
  });
});
