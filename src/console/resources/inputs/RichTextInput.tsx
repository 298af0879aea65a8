import { useEffect } from "react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, Divider, Form, Space, Tooltip } from "antd";
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, UndoOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { t } from "../../../../providers/i18n";
import "./richText.css";

type Props = { value?: string | null; onChange?: (html: string | null) => void; label: string; id?: string };

function Toolbar({ editor }: { editor: Editor }) {
  const tool = (title: string, icon: React.ReactNode, run: () => void, active = false) => (
    <Tooltip title={title}>
      <Button size="small" type={active ? "primary" : "text"} icon={icon} aria-label={title} aria-pressed={active} onClick={run} />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  function link() {
    const previous = editor.getAttributes("link").href as string | undefined;
    const href = window.prompt(t("richText.linkPrompt"), previous ?? "https://");
    if (href === null) return;
    if (href === "") chain().unsetLink().run();
    else if (/^https?:\/\//.test(href)) chain().extendMarkRange("link").setLink({ href }).run();
  }
  return (
    <Space size={2} wrap className="richtext__toolbar" role="toolbar">
      {tool(t("richText.bold"), <BoldOutlined />, () => chain().toggleBold().run(), editor.isActive("bold"))}
      {tool(t("richText.italic"), <ItalicOutlined />, () => chain().toggleItalic().run(), editor.isActive("italic"))}
      <Button
        size="small"
        aria-label={t("richText.heading2")}
        aria-pressed={editor.isActive("heading", { level: 2 })}
        type={editor.isActive("heading", { level: 2 }) ? "primary" : "text"}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </Button>
      <Button
        size="small"
        aria-label={t("richText.heading3")}
        aria-pressed={editor.isActive("heading", { level: 3 })}
        type={editor.isActive("heading", { level: 3 }) ? "primary" : "text"}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </Button>
      {tool(t("richText.bulletList"), <UnorderedListOutlined />, () => chain().toggleBulletList().run(), editor.isActive("bulletList"))}
      {tool(t("richText.orderedList"), <OrderedListOutlined />, () => chain().toggleOrderedList().run(), editor.isActive("orderedList"))}
      {tool(t("richText.link"), <LinkOutlined />, link, editor.isActive("link"))}
      <Divider type="vertical" />
      {tool(t("richText.undo"), <UndoOutlined />, () => chain().undo().run())}
      {tool(t("richText.redo"), <RedoOutlined />, () => chain().redo().run())}
    </Space>
  );
}

/** Rich text as HTML; the server sanitises whatever arrives, this only edits. */
export default function RichTextInput({ value, onChange, label, id }: Props) {
  // The field's state, as antd's own inputs take it from their Form.Item: a failed rule reddens the box.
  const { status } = Form.Item.useStatus();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ["http", "https"] } })],
    content: value ?? "",
    editorProps: { attributes: { "aria-label": label, role: "textbox", "aria-multiline": "true", ...(id ? { id } : {}), class: "richtext__content" } },
    onUpdate: ({ editor }) => onChange?.(editor.isEmpty ? null : editor.getHTML()),
    immediatelyRender: true,
  });

  // A form reset (or a reload after a conflict) replaces the value from outside.
  useEffect(() => {
    // StrictMode mounts twice: the first editor is destroyed before this runs.
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? null : editor.getHTML();
    if ((value ?? null) !== current) editor.commands.setContent(value ?? "", { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className={status === "error" ? "richtext richtext--error" : "richtext"}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
