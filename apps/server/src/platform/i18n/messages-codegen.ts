/** Messages of the code generator (modules/codegen), both languages. */
export const codegenMessagesEn = {
  'gen.tableNotFound': 'The table [{table}] does not exist in the database',
  'gen.alreadyImported': 'The table [{table}] is already imported',
  'gen.columnNotFound': 'The column [{column}] is not a column of this table',
  'gen.columnNotInTable': 'The column [{column}] does not exist in the table',
  'gen.duplicateField': 'The field name [{field}] is used twice',
  'gen.reservedField':
    'The field name [{field}] is one every generated row already has (id, tenantId, version, createTime, updateTime, pageNum, pageSize, children): choose another',
  'gen.tsTypeMismatch': 'The column [{column}] ({type}) cannot be generated as a {tsType}',
  'gen.treeColumns':
    "A tree's id column must be the table's key, its parent column an integer and its name column a text",
  'gen.subTableSelf': 'The child table must be another table than the master',
  'gen.badTableName':
    'The table name [{table}] cannot be generated: use lower-case letters, digits and _ only, not starting with a digit (at most 63), and rename the table first',
  'gen.badColumnName':
    'The column [{column}] of the table [{table}] cannot be generated: use lower-case letters, digits and _ only, not starting with a digit (at most 63), and rename the column first',
  'gen.protectedTable':
    'The table [{table}] holds secrets or sign-in state of the platform: the code generator does not offer it',
  'gen.badSetting':
    'The saved setting {setting} [{value}] cannot be generated: correct it in the table settings and save',
} as const;

export const codegenMessagesZh: Record<keyof typeof codegenMessagesEn, string> = {
  'gen.tableNotFound': '数据库中不存在表【{table}】',
  'gen.alreadyImported': '表【{table}】已导入',
  'gen.columnNotFound': '字段【{column}】不属于该表',
  'gen.columnNotInTable': '表中不存在字段【{column}】',
  'gen.duplicateField': '字段名【{field}】重复',
  'gen.reservedField':
    '字段名【{field}】是每行生成数据已有的字段（id、tenantId、version、createTime、updateTime、pageNum、pageSize、children）：请换一个',
  'gen.tsTypeMismatch': '字段【{column}】（{type}）不能生成为 {tsType} 类型',
  'gen.treeColumns': '树编码字段必须是主键，树父编码字段必须是整数，树名称字段必须是文本',
  'gen.subTableSelf': '子表不能是主表自身',
  'gen.badTableName':
    '表名【{table}】无法生成代码：只能使用小写字母、数字和 _，且不能以数字开头（最多 63 个字符），请先重命名该表',
  'gen.badColumnName':
    '表【{table}】的字段【{column}】无法生成代码：只能使用小写字母、数字和 _，且不能以数字开头（最多 63 个字符），请先重命名该字段',
  'gen.protectedTable': '表【{table}】保存平台的密钥或登录状态：代码生成不提供该表',
  'gen.badSetting': '已保存的设置 {setting}【{value}】无法生成代码：请在表的生成配置中修改后保存',
};
