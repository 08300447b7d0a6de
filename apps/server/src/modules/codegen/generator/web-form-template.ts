import { lines, str, type Field, type Model } from './model.js';
import { isCheckboxGroup, rawInForm, usesDict } from './web-fields.js';

/** The console feature's create/edit form modal. */

/** The form control of a field. */
function control(f: Field, c: string): string {
  const disabled = f.column.isEdit ? '' : ' disabled={editing !== undefined}';
  const options = usesDict(f) ? ` options={${c}Dicts[${str(f.column.dictType)}] ?? []}` : '';
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
    case 'textarea':
    case 'editor':
      return `<Input.TextArea maxLength={${f.maxLength}} autoSize={{ minRows: 2, maxRows: 8 }}${disabled} />`;
    default:
      return `<Input maxLength={${f.maxLength}}${disabled} />`;
  }
}

export function webFormFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  const formFields = m.fields.filter((f) => f.column.isInsert || f.column.isEdit);
  const dictFields = formFields.filter(usesDict);
  const antd = new Set(['Form']);
  for (const f of formFields) {
    if (f.kind === 'int' || f.kind === 'float') antd.add('InputNumber');
    else if (f.kind === 'bool') antd.add('Switch');
    else if (f.kind === 'text' && f.column.htmlType === 'select') antd.add('Select');
    else if (f.kind === 'text' && f.column.htmlType === 'radio') antd.add('Radio');
    else if (f.kind === 'text' && f.column.htmlType === 'checkbox') antd.add('Checkbox');
    else antd.add('Input');
  }
  // Datetime fields travel as ISO strings; the browser's datetime-local input has no zone.
  const timestamps = formFields.filter((f) => f.kind === 'timestamp');
  const checkboxes = formFields.filter(isCheckboxGroup);
  const toForm = (f: Field) => {
    if (f.kind === 'timestamp')
      return `${f.name}: editing.${f.name} ? dayjs(editing.${f.name}).format('YYYY-MM-DDTHH:mm') : undefined`;
    if (isCheckboxGroup(f)) return `${f.name}: editing.${f.name} ? editing.${f.name}.split(',') : []`;
    return `${f.name}: editing.${f.name}`;
  };
  return lines(
    `import { useEffect } from 'react';`,
    `import { ${[...antd].sort().join(', ')} } from 'antd';`,
    timestamps.length > 0 ? `import dayjs from 'dayjs';` : null,
    `import { useTranslation } from 'react-i18next';`,
    `import { ${c}CreateBodySchema, ${c}FormSchema, ${c}SaveBodySchema, type ${C} } from '@sbuilding/shared';`,
    `import { FormModal } from '@/components/form-modal';`,
    dictFields.length > 0 ? `import { useDict } from '@/lib/dict';` : null,
    `import { zodField } from '@/lib/form-rules';`,
    `import { useCreate${C} } from '../api/create-${m.business}';`,
    `import { useSave${C} } from '../api/save-${m.business}';`,
    '',
    'type Values = Record<string, unknown>;',
    '',
    `interface ${C}FormProps {`,
    `  editing: ${C} | undefined;`,
    '  open: boolean;',
    '  onClose: () => void;',
    '}',
    '',
    `/** Create or edit a row of ${m.functionName}, checked by the shared schemas. */`,
    `export function ${C}Form({ editing, open, onClose }: ${C}FormProps) {`,
    '  const { t } = useTranslation();',
    '  const [form] = Form.useForm<Values>();',
    `  const create = useCreate${C}();`,
    `  const save = useSave${C}();`,
    dictFields.length > 0
      ? lines(
          `  const ${c}Dicts: Record<string, { value: string; label: string }[]> = {`,
          ...[...new Set(dictFields.map((f) => f.column.dictType))].map(
            (d) => `    ${str(d)}: useDict(${str(d)}),`,
          ),
          '  };',
        )
      : null,
    '',
    '  useEffect(() => {',
    '    if (!open) return;',
    '    form.resetFields();',
    editing_set(m, formFields.map(toForm)),
    '  }, [open, editing, form]);',
    '',
    '  const onFinish = async (values: Values) => {',
    ...timestamps.map(
      (f) =>
        `    if (typeof values.${f.name} === 'string' && values.${f.name}) values.${f.name} = dayjs(values.${f.name}).toISOString();`,
    ),
    ...checkboxes.map(
      (f) => `    if (Array.isArray(values.${f.name})) values.${f.name} = values.${f.name}.join(',');`,
    ),
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
    '      forceRender',
    '    >',
    `      <Form<Values> form={form} name="${c}Form" layout="vertical" onFinish={(v) => void onFinish(v)}>`,
    ...formFields.map((f) =>
      lines(
        `        <Form.Item`,
        `          label={t('${c}.fields.${f.name}')}`,
        // The browser's date-time and a checkbox group hold other shapes than the schema (converted on
        // submit): the form checks only "required" for them, the schema the rest on submit.
        rawInForm(f)
          ? `          name="${f.name}"\n          rules={[{ required: ${f.required}, message: t('validation.required', { data: t('${c}.fields.${f.name}') }) }]}`
          : `          {...zodField(${c}FormSchema, '${f.name}', t('${c}.fields.${f.name}'))}`,
        f.kind === 'bool' ? `          valuePropName="checked"` : null,
        f.column.isInsert ? null : `          hidden={editing === undefined}`,
        '        >',
        `          ${control(f, c)}`,
        '        </Form.Item>',
      ),
    ),
    '      </Form>',
    '    </FormModal>',
    '  );',
    '}',
    '',
  );
}

function editing_set(m: Model, assignments: string[]): string {
  const defaults = m.fields
    .filter((f) => f.kind === 'bool' && f.column.isInsert)
    .map((f) => `${f.name}: false`);
  return lines(
    '    if (editing)',
    `      form.setFieldsValue({ ${assignments.join(', ')} });`,
    `    else form.setFieldsValue({ ${defaults.join(', ')} });`,
  );
}
