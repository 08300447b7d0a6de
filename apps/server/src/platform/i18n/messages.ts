import { VALIDATION_MESSAGES, type Lang, type ValidationKey } from '@sbuilding/shared';

/**
 * Server messages in both languages. The English error texts of spec section 8 are used as they are.
 * Keys are grouped by area: error.* (generic), auth.*, and validation.* (from packages/shared).
 */
const en = {
  'common.success': 'Operation successful',
  'error.unauthorized': 'Authentication failed, cannot access system resources',
  'error.forbidden': 'No permission for this operation',
  'error.notFound': 'Resource not found',
  'error.conflict': 'The data was changed by someone else, please reload and try again',
  'error.tooManyRequests': 'Too many requests, please try again later',
  'error.internal': 'Unknown system error, please report to the administrator',
  'error.notReady': 'The server is starting, please try again shortly',
  'auth.badCredentials': 'Incorrect username or password',
  'auth.locked': 'Too many failed sign-ins: this username is locked for {minutes} minutes',
  'auth.captchaWrong': 'Wrong verification code',
  'auth.captchaExpired': 'The verification code has expired, please refresh it',
  'auth.sessionExpired': 'Login status has expired, please log in again',
  'auth.userDisabled': 'This account is disabled, please contact the administrator',
  'auth.oldPasswordWrong': 'The old password is wrong',
  'auth.samePassword': 'The new password cannot be the same as the old one',
  'project.tenantRequired': 'Choose the tenant the project belongs to',
  'project.hasChildren':
    'This project still holds buildings, work times or calendar days; remove them before deleting the project',
  'config.builtIn': 'The built-in parameter [{key}] cannot be deleted',
  'config.duplicateKey': 'The parameter key [{key}] already exists',
  'dict.duplicateValue': 'The dictionary [{type}] already has the value [{value}]',
  'file.notFound': 'The file does not exist or has already been downloaded',
} as const;

export type ServerMessageKey = keyof typeof en;
export type MessageKey = ServerMessageKey | `validation.${ValidationKey}`;

const zh: Record<ServerMessageKey, string> = {
  'common.success': '操作成功',
  'error.unauthorized': '认证失败，无法访问系统资源',
  'error.forbidden': '当前操作没有权限',
  'error.notFound': '访问资源不存在',
  'error.conflict': '数据已被他人修改，请刷新后重试',
  'error.tooManyRequests': '请求过于频繁，请稍后再试',
  'error.internal': '系统未知错误，请反馈给管理员',
  'error.notReady': '服务正在启动，请稍后再试',
  'auth.badCredentials': '用户名或密码错误',
  'auth.locked': '登录失败次数过多：该用户名已锁定 {minutes} 分钟',
  'auth.captchaWrong': '验证码错误',
  'auth.captchaExpired': '验证码已失效，请刷新',
  'auth.sessionExpired': '登录状态已过期，请重新登录',
  'auth.userDisabled': '该账号已停用，请联系管理员',
  'auth.oldPasswordWrong': '旧密码错误',
  'auth.samePassword': '新密码不能与旧密码相同',
  'project.tenantRequired': '请选择项目所属租户',
  'project.hasChildren': '该项目下仍有建筑、工作时间或日历数据，请先删除它们再删除项目',
  'config.builtIn': '内置参数【{key}】不能删除',
  'config.duplicateKey': '参数键名【{key}】已存在',
  'dict.duplicateValue': '字典【{type}】中已存在键值【{value}】',
  'file.notFound': '文件不存在或已被下载',
};

export const SERVER_MESSAGES: Record<Lang, Record<ServerMessageKey, string>> = { EN: en, ZH: zh };
export const VALIDATION: Record<Lang, Record<ValidationKey, string>> = {
  EN: VALIDATION_MESSAGES.en,
  ZH: VALIDATION_MESSAGES.zh,
};
