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
  'file.tooLarge': 'The file is too large: at most 10 MB can be uploaded',
  'file.missing': 'Choose one file to upload',
  'file.svgFormat': 'File format error, Please upload an SVG file',
  'file.svgUnsafe': 'The SVG file could not be made safe; export it again without scripts or external links',
  'file.tenantRequired': 'Choose the tenant the file belongs to',
  'file.unknown': 'The file was not found; please upload it again',
  'file.notAnImage': 'This file is not a picture: upload a JPG or PNG image',
  'file.notAPlan': 'This file is not a floor plan: upload an SVG file',
  'file.linkInvalid': 'The file link is not valid',
  'file.linkExpired': 'The file link has expired; reload the page',
  'building.hasChildren':
    'This building still holds floors; delete them before deleting the building',
  'building.miniProgramDisabled':
    'The mini-program binding of this building is off; turn it on to get its QR code',
  'building.badHost': 'The request names no valid host, so no QR code link can be built',
  'floor.hasChildren': 'This floor still holds zones; delete them before deleting the floor',
  'zone.unknownType': 'Unknown zone type [{type}]: choose one of the zone types',
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
  'file.tooLarge': '文件过大：最多可上传 10 MB',
  'file.missing': '请选择一个要上传的文件',
  'file.svgFormat': '文件格式错误，请上传 SVG 文件',
  'file.svgUnsafe': '无法安全处理该 SVG 文件，请去掉脚本和外部链接后重新导出',
  'file.tenantRequired': '请选择文件所属租户',
  'file.unknown': '文件不存在，请重新上传',
  'file.notAnImage': '该文件不是图片：请上传 JPG 或 PNG 图片',
  'file.notAPlan': '该文件不是平面图：请上传 SVG 文件',
  'file.linkInvalid': '文件链接无效',
  'file.linkExpired': '文件链接已过期，请刷新页面',
  'building.hasChildren': '该建筑下仍有楼层，请先删除楼层再删除建筑',
  'building.miniProgramDisabled': '该建筑未开启小程序绑定，开启后才能获取二维码',
  'building.badHost': '请求中没有有效的主机名，无法生成二维码链接',
  'floor.hasChildren': '该楼层下仍有区域，请先删除区域再删除楼层',
  'zone.unknownType': '未知的区域类型【{type}】，请选择已有的区域类型',
};

export const SERVER_MESSAGES: Record<Lang, Record<ServerMessageKey, string>> = { EN: en, ZH: zh };
export const VALIDATION: Record<Lang, Record<ValidationKey, string>> = {
  EN: VALIDATION_MESSAGES.en,
  ZH: VALIDATION_MESSAGES.zh,
};
