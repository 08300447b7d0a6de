import { useEffect } from 'react';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The HTML (the form field); null when empty. */
  value?: string | null;
  onChange?: (html: string | null) => void;
  /** The field's label: the editing area's accessible name. */
  label: string;
  disabled?: boolean;
}

/** The HTML an editor holds, null when it holds nothing (an empty optional field). */
const htmlOf = (editor: Editor): string | null => (editor.isEmpty ? null : editor.getHTML());

type Mark = 'bold' | 'italic' | 'bulletList' | 'orderedList';

/**
 * Rich text for a form (the code generator's "rich text" control), on tiptap (ProseMirror): paragraphs,
 * headings, bold, italic, lists and links. Only what its schema knows is kept from a value, so markup the
 * editor cannot show never reaches the page; the server sanitises the HTML again before storing it.
 */
export function RichTextEditor({ value, onChange, label, disabled = false }: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
        // No empty paragraph added after a list: the stored HTML is what the user wrote.
        trailingNode: false,
      }),
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'sb-rich-text-content',
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(htmlOf(changed)),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
    }),
  });

  // A value set from outside (the form opening on another row, a reset) replaces the content.
  useEffect(() => {
    if (!editor || (value ?? null) === htmlOf(editor)) return;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const tools: { mark: Mark; icon: React.ReactNode; run: (e: Editor) => void }[] = [
    { mark: 'bold', icon: <BoldOutlined />, run: (e) => e.chain().focus().toggleBold().run() },
    { mark: 'italic', icon: <ItalicOutlined />, run: (e) => e.chain().focus().toggleItalic().run() },
    {
      mark: 'bulletList',
      icon: <UnorderedListOutlined />,
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      mark: 'orderedList',
      icon: <OrderedListOutlined />,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
  ];

  return (
    <div className="sb-rich-text">
      <Flex
        role="toolbar"
        aria-label={t('richText.toolbar', { label })}
        gap={4}
        className="sb-rich-text-toolbar"
      >
        {tools.map(({ mark, icon, run }) => (
          <Tooltip key={mark} title={t(`richText.${mark}`)}>
            <Button
              size="small"
              type={active?.[mark] ? 'primary' : 'text'}
              icon={icon}
              aria-label={t(`richText.${mark}`)}
              aria-pressed={active?.[mark] ?? false}
              disabled={disabled || !editor}
              onClick={() => editor && run(editor)}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('richText.undo')}>
          <Button
            size="small"
            type="text"
            icon={<UndoOutlined />}
            aria-label={t('richText.undo')}
            disabled={disabled || !editor}
            onClick={() => editor?.chain().focus().undo().run()}
          />
        </Tooltip>
        <Tooltip title={t('richText.redo')}>
          <Button
            size="small"
            type="text"
            icon={<RedoOutlined />}
            aria-label={t('richText.redo')}
            disabled={disabled || !editor}
            onClick={() => editor?.chain().focus().redo().run()}
          />
        </Tooltip>
      </Flex>
      <EditorContent editor={editor} />
    </div>
  );
}
