import { comment, str } from './escape.js';
import { lines, type Field, type Model } from './model.js';
import { isCheckboxGroup, rawInForm, usesDict } from './web-fields.js';

/** The console feature's create/edit form modal (with a tree's parent picker, a master's child rows). */

/** The antd components a field's control needs. */
function antdOf(f: Field, m: Model): string[] {
  if (f === m.treeParent) return ['TreeSelect'];
  if (f.asText) return ['Input'];
  if (f.kind === 'int' || f.kind === 'float') return ['InputNumber'];
  if (f.kind === 'bool') return ['Switch'];
  if (f.kind !== 'text') return ['Input'];
  switch (f.column.htmlType) {
    case 'select':
      return ['Select'];
    case 'radio':
      return ['Radio'];
    case 'checkbox':
      return ['Checkbox'];
    case 'imageUpload':
    case 'editor':
      return [];
    default:
      return ['Input'];
  }
}

/**
 * The form control of a field. `disabled` is the JSX attribute for a field not edited after creation;
 * `label` the expression of its label (controls that name themselves).
 */
function control(f: Field, m: Model, dicts: string, disabled: string, label: string): string {
  const options = usesDict(f) ? ` options={${dicts}[${str(f.column.dictType)}] ?? []}` : '';
  if (f === m.treeParent)
    return `<TreeSelect allowClear treeDefaultExpandAll treeData={parentOptions} placeholder={t('${m.camel}.root')}${disabled} />`;
  // A number carried as a decimal string: typed as text, checked by the shared schema.
  if (f.asText) return `<Input inputMode="decimal" maxLength={40}${disabled} />`;
  switch (f.kind) {
    case 'int':
    case 'float':
      return `<InputNumber className="sb-full-width"${f.kind === 'int' ? ' precision={0}' : ''}${disabled} />`;
    case 'bool':
      return `<Switch${disabled} />`;
    case 'date':
      return `<Input type="date"${disabled} />`;
    case 'timestamp':
      return `<Input type="datetime-local"${disabled} />`;
    case 'text':
      break;
  }
  switch (f.column.htmlType) {
    case 'select':
      return `<Select allowClear${options}${disabled} />`;
    case 'radio':
      return `<Radio.Group${options}${disabled} />`;
    case 'checkbox':
      return `<Checkbox.Group${options}${disabled} />`;
    case 'imageUpload':
      // The console's upload control: JPG/PNG checked by their bytes on the server; the value is the file's id.
      return `<FileUpload kind="image" label={${label}} url={editing?.${f.name}Url ?? null} />`;
    case 'editor':
      // Rich text: the console's editor; the server sanitises the HTML before storing it.
      return `<RichTextEditor label={${label}}${disabled} />`;
    case 'textarea':
      return `<Input.TextArea maxLength={${f.maxLength}} autoSize={{ minRows: 2, maxRows: 8 }}${disabled} />`;
    default:
      return `<Input maxLength={${f.maxLength}}${disabled} />`;
  }
}

/** Form value → what the schema takes, for the shapes the browser's controls hold (`v` the value). */
function toBody(f: Field, v: string): string | null {
  if (f.kind === 'timestamp') return `typeof ${v} === 'string' && ${v} ? dayjs(${v}).toISOString() : ${v}`;
  if (isCheckboxGroup(f)) return `Array.isArray(${v}) ? ${v}.join(',') : ${v}`;
  return null;
}

/** Answer value → what the control holds. */
function toForm(f: Field, v: string): string {
  if (f.kind === 'timestamp') return `${v} ? dayjs(${v}).format('YYYY-MM-DDTHH:mm') : undefined`;
  if (isCheckboxGroup(f)) return `${v} ? ${v}.split(',') : []`;
  return v;
}

export function webFormFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  const tree = m.treeParent;
  const child = m.child;
  const list = child ? `${child.camel}List` : '';
  const formFields = m.fields.filter((f) => f.column.isInsert || f.column.isEdit);
  const childFields = child?.fields ?? [];
  const dictTypes = [
    ...new Set([...formFields, ...childFields].filter(usesDict).map((f) => f.column.dictType)),
  ];
  const antd = new Set(['Form']);
  for (const f of formFields) antdOf(f, m).forEach((a) => antd.add(a));
  for (const f of childFields) antdOf(f, m).forEach((a) => antd.add(a));
  if (child) ['Button', 'Flex', 'Space', 'Typography'].forEach((a) => antd.add(a));
  const all = [...formFields, ...childFields];
  const usesDayjs = all.some((f) => f.kind === 'timestamp');
  const usesUpload = all.some((f) => f.kind === 'text' && f.column.htmlType === 'imageUpload');
  const usesEditor = all.some((f) => f.kind === 'text' && f.column.htmlType === 'editor');
  const masterConversions = formFields.flatMap((f) => {
    const body = toBody(f, `values.${f.name}`);
    return body ? [`    values.${f.name} = ${body};`] : [];
  });
  const childConversions = childFields.flatMap((f) => {
    const body = toBody(f, `item.${f.name}`);
    return body ? [`${f.name}: ${body}`] : [];
  });
  const childToForm = childFields
    .filter((f) => toForm(f, 'x') !== 'x')
    .map((f) => `${f.name}: ${toForm(f, `item.${f.name}`)}`);
  const formItem = (f: Field, indent: string) =>
    lines(
      `${indent}<Form.Item`,
      `${indent}  label={t('${c}.fields.${f.name}')}`,
      // The browser's date-time and a checkbox group hold other shapes than the schema (converted on
      // submit): the form checks only "required" for them, the schema the rest on submit.
      rawInForm(f)
        ? `${indent}  name="${f.name}"\n${indent}  rules={[{ required: ${f.required}, message: t('validation.required', { data: t('${c}.fields.${f.name}') }) }]}`
        : `${indent}  {...zodField(${c}FormSchema, '${f.name}', t('${c}.fields.${f.name}'))}`,
      f.kind === 'bool' ? `${indent}  valuePropName="checked"` : null,
      f.column.isInsert ? null : `${indent}  hidden={editing === undefined}`,
      `${indent}>`,
      `${indent}  ${control(f, m, `${c}Dicts`, f.column.isEdit ? '' : ' disabled={editing !== undefined}', `t('${c}.fields.${f.name}')`)}`,
      `${indent}</Form.Item>`,
    );
  const childItem = (f: Field, indent: string) =>
    lines(
      `${indent}<Form.Item`,
      `${indent}  name={[row.name, '${f.name}']}`,
      `${indent}  label={t('${c}.childFields.${f.name}')}`,
      `${indent}  rules={[cellRule('${f.name}', t('${c}.childFields.${f.name}'))]}`,
      f.kind === 'bool' ? `${indent}  valuePropName="checked"` : null,
      `${indent}>`,
      `${indent}  ${control(f, m, `${c}Dicts`, '', `t('${c}.childFields.${f.name}')`)}`,
      `${indent}</Form.Item>`,
    );
  // Fields the browser holds in another shape are checked by a plain rule, the others by the shared schema.
  const checkedBySchema = formFields.some((f) => !rawInForm(f));
  const formRules = [...(child ? ['validationMessage'] : []), ...(checkedBySchema ? ['zodField'] : [])];
  const sharedImports = [
    `${c}CreateBodySchema`,
    ...(checkedBySchema ? [`${c}FormSchema`] : []),
    `${c}SaveBodySchema`,
    ...(child ? [`${child.camel}InputSchema`] : []),
    `type ${C}`,
  ];
  return lines(
    `import { useEffect${tree ? ', useMemo' : ''} } from 'react';`,
    child ? `import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';` : null,
    child ? `import { useQuery } from '@tanstack/react-query';` : null,
    `import { ${[...antd].sort().join(', ')}${child ? ', type FormRule' : ''} } from 'antd';`,
    usesDayjs ? `import dayjs from 'dayjs';` : null,
    `import { useTranslation } from 'react-i18next';`,
    `import { ${sharedImports.join(', ')} } from '@sbuilding/shared';`,
    usesUpload ? `import { FileUpload } from '@/components/file-upload';` : null,
    `import { FormModal } from '@/components/form-modal';`,
    usesEditor ? `import { RichTextEditor } from '@/components/rich-text-editor';` : null,
    dictTypes.length > 0 ? `import { useDict } from '@/lib/dict';` : null,
    formRules.length > 0 ? `import { ${formRules.join(', ')} } from '@/lib/form-rules';` : null,
    `import { useCreate${C} } from '../api/create-${m.business}';`,
    child ? `import { ${c}DetailQueryOptions } from '../api/get-${m.business}';` : null,
    `import { useSave${C} } from '../api/save-${m.business}';`,
    tree
      ? `import { subtreeIds, toTree, use${C}Tree, type ${C}Node } from '../api/tree-${m.business}';`
      : null,
    '',
    'type Values = Record<string, unknown>;',
    '',
    child
      ? lines(
          `/** A child row's cell, checked by the shared schema of a child row. */`,
          `function cellRule(field: keyof typeof ${child.camel}InputSchema.shape, label: string): FormRule {`,
          '  return {',
          '    validator: async (_rule, value: unknown) => {',
          `      const result = ${child.camel}InputSchema.shape[field].safeParse(value);`,
          `      if (!result.success) throw new Error(validationMessage(result.error.issues[0]?.message ?? 'invalid', field, label));`,
          '    },',
          '  };',
          '}',
          '',
        )
      : null,
    tree
      ? lines(
          `interface ParentOption {`,
          '  value: number;',
          '  title: string;',
          '  disabled: boolean;',
          '  children: ParentOption[];',
          '}',
          '',
          `/** The tree as parent choices: the row being edited and its descendants cannot be its parent. */`,
          `function toParentOptions(nodes: ${C}Node[], excluded: Set<number>): ParentOption[] {`,
          '  return nodes.map((node) => ({',
          '    value: node.id,',
          `    title: ${tree && m.treeName ? `String(node.${m.treeName.name} ?? node.id)` : 'String(node.id)'},`,
          '    disabled: excluded.has(node.id),',
          '    children: toParentOptions(node.children ?? [], excluded),',
          '  }));',
          '}',
          '',
        )
      : null,
    `interface ${C}FormProps {`,
    `  editing: ${C} | undefined;`,
    tree
      ? `  /** A new row's parent ("add under"); none for a top-level row. */\n  parentId?: number | null;`
      : null,
    '  open: boolean;',
    '  onClose: () => void;',
    '}',
    '',
    `/** Create or edit a row of ${comment(m.functionName)}, checked by the shared schemas. */`,
    `export function ${C}Form({ editing,${tree ? ' parentId,' : ''} open, onClose }: ${C}FormProps) {`,
    '  const { t } = useTranslation();',
    '  const [form] = Form.useForm<Values>();',
    `  const create = useCreate${C}();`,
    `  const save = useSave${C}();`,
    dictTypes.length > 0
      ? lines(
          `  const ${c}Dicts: Record<string, { value: string; label: string }[]> = {`,
          ...dictTypes.map((d) => `    ${str(d)}: useDict(${str(d)}),`),
          '  };',
        )
      : null,
    tree
      ? lines(
          `  const all = use${C}Tree({});`,
          '  const parentOptions = useMemo(() => {',
          '    const rows = all.data ?? [];',
          '    return toParentOptions(toTree(rows), editing ? subtreeIds(rows, editing.id) : new Set<number>());',
          '  }, [all.data, editing]);',
        )
      : null,
    child
      ? lines(
          `  // The child rows come with the detail: read when the form opens on a row.`,
          `  const detail = useQuery({ ...${c}DetailQueryOptions(editing?.id ?? 0), enabled: open && editing !== undefined });`,
        )
      : null,
    '',
    '  useEffect(() => {',
    '    if (!open) return;',
    '    form.resetFields();',
    editingSet(
      m,
      formFields.map((f) => `${f.name}: ${toForm(f, `editing.${f.name}`)}`),
    ),
    `  }, [open, editing, form${tree ? ', parentId' : ''}]);`,
    child
      ? lines(
          '',
          '  useEffect(() => {',
          '    if (!open || !detail.data) return;',
          `    form.setFieldsValue({ ${list}: detail.data.${list}${childToForm.length > 0 ? `.map((item) => ({ ...item, ${childToForm.join(', ')} }))` : ''} });`,
          '  }, [open, detail.data, form]);',
        )
      : null,
    '',
    '  const onFinish = async (values: Values) => {',
    ...masterConversions,
    child && childConversions.length > 0
      ? lines(
          `    if (Array.isArray(values.${list}))`,
          `      values.${list} = values.${list}.map((item: Values) => ({ ...item, ${childConversions.join(', ')} }));`,
        )
      : null,
    child
      ? `    // Not read yet (a slow detail): the save leaves the child rows as they are.\n    if (editing && !detail.data) delete values.${list};`
      : null,
    '    try {',
    '      if (editing) {',
    `        const parsed = ${c}SaveBodySchema.safeParse({ ...values, version: editing.version });`,
    '        if (!parsed.success) return;',
    `        await save.mutateAsync({ id: editing.id, body: parsed.data });`,
    '      } else {',
    `        const parsed = ${c}CreateBodySchema.safeParse(values);`,
    '        if (!parsed.success) return;',
    '        await create.mutateAsync(parsed.data);',
    '      }',
    '      onClose();',
    '    } catch {',
    '      // The request client showed the message; after a 409 the list holds the newer row.',
    '      if (editing) onClose();',
    '    }',
    '  };',
    '',
    '  return (',
    '    <FormModal',
    '      form={form}',
    '      open={open}',
    `      title={t(editing ? '${c}.editTitle' : '${c}.createTitle')}`,
    '      confirmLoading={create.isPending || save.isPending}',
    '      onCancel={onClose}',
    child ? '      width={880}' : null,
    '      forceRender',
    '    >',
    `      <Form<Values> form={form} name="${c}Form" layout="vertical" onFinish={(v) => void onFinish(v)}>`,
    ...formFields.map((f) => formItem(f, '        ')),
    child
      ? lines(
          `        <Form.List name="${list}">`,
          '          {(rows, { add, remove }) => (',
          `            <Flex vertical gap="small" role="group" aria-labelledby="${c}-children-title">`,
          `              <Typography.Title level={5} id="${c}-children-title">`,
          `                {t('${c}.children')}`,
          '              </Typography.Title>',
          '              {rows.map((row, index) => (',
          '                <Space key={row.key} align="start" wrap>',
          ...childFields.map((f) => childItem(f, '                  ')),
          '                  <Button',
          '                    danger',
          '                    icon={<DeleteOutlined />}',
          `                    aria-label={t('${c}.removeChild', { n: index + 1 })}`,
          '                    onClick={() => remove(row.name)}',
          '                  />',
          '                </Space>',
          '              ))}',
          `              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(${childDefaults(childFields)})}>`,
          `                {t('${c}.addChild')}`,
          '              </Button>',
          '            </Flex>',
          '          )}',
          '        </Form.List>',
        )
      : null,
    '      </Form>',
    '    </FormModal>',
    '  );',
    '}',
    '',
  );
}

/** A new child row's values: booleans start false. */
function childDefaults(fields: Field[]): string {
  const bools = fields.filter((f) => f.kind === 'bool').map((f) => `${f.name}: false`);
  return bools.length > 0 ? `{ ${bools.join(', ')} }` : '{}';
}

function editingSet(m: Model, assignments: string[]): string {
  const defaults = [
    ...m.fields.filter((f) => f.kind === 'bool' && f.column.isInsert).map((f) => `${f.name}: false`),
    ...(m.treeParent ? [`${m.treeParent.name}: parentId ?? null`] : []),
    ...(m.child ? [`${m.child.camel}List: []`] : []),
  ];
  return lines(
    '    if (editing)',
    `      form.setFieldsValue({ ${assignments.join(', ')} });`,
    `    else form.setFieldsValue({ ${defaults.join(', ')} });`,
  );
}
