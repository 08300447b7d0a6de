/**
 * Validation messages, in both languages, shared by the server (400 answers) and the console (form fields).
 * Zod schemas in this package use these keys as their messages; `{data}` is replaced by the field's label.
 */
const en = {
  required: '{data} is required',
  invalid: '{data} is invalid',
  email: 'Please enter a correct email address',
  phone: 'Please enter a correct phone number',
  passwordLength: 'Password length must be between 6 and 20 characters',
  passwordsDifferent: 'Passwords is different',
  tooLong: '{data} is too long',
  serverAddr: 'Server Addr format error',
  deviceCode: 'Code must be exactly 12 characters',
  byteRange: 'Value must be between 0 and 255',
  imageFormat: 'File format error, Please upload the picture type',
  selectOne: 'Please select one',
} as const;

export type ValidationKey = keyof typeof en;

const zh: Record<ValidationKey, string> = {
  required: '{data}不能为空',
  invalid: '{data}格式不正确',
  email: '请输入正确的邮箱地址',
  phone: '请输入正确的手机号码',
  passwordLength: '密码长度必须介于 6 和 20 之间',
  passwordsDifferent: '两次输入的密码不一致',
  tooLong: '{data}过长',
  serverAddr: '服务器地址格式错误',
  deviceCode: '编码必须为 12 个字符',
  byteRange: '取值范围为 0 到 255',
  imageFormat: '文件格式错误，请上传图片类型',
  selectOne: '请选择一项',
};

/** Labels of the fields that schemas validate, for `{data}` in messages. */
const fieldsEn = {
  username: 'Username',
  password: 'Password',
  code: 'Verification code',
  uuid: 'Captcha id',
  nickName: 'Nickname',
  email: 'Email',
  phonenumber: 'Phone number',
  oldPassword: 'Old password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
} as const;

export type FieldKey = keyof typeof fieldsEn;

const fieldsZh: Record<FieldKey, string> = {
  username: '用户名',
  password: '密码',
  code: '验证码',
  uuid: '验证码标识',
  nickName: '用户昵称',
  email: '邮箱',
  phonenumber: '手机号码',
  oldPassword: '旧密码',
  newPassword: '新密码',
  confirmPassword: '确认密码',
};

export const VALIDATION_MESSAGES = { en, zh } as const;
export const FIELD_LABELS = { en: fieldsEn, zh: fieldsZh } as const;

export function isValidationKey(key: string): key is ValidationKey {
  return Object.hasOwn(en, key);
}
