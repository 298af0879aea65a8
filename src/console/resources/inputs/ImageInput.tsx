import { useState } from "react";
import { Button, Image, Space, Typography, Upload } from "antd";
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { load } from "../../../app/services";
import { HttpError } from "../../../../providers/http";
import { t } from "../../../../providers/i18n";

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

/** Uploads one image to /api/uploads and keeps its URL as the field's value. */
export function ImageInput({ value, onChange, label }: { value?: string | null; onChange?: (value: string | null) => void; label: string }) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    if (file.size > MAX_BYTES) {
      setError(t("image.tooBig"));
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append("file", file);
      const { data } = await load<{ url: string }>({ method: "POST", url: "/api/uploads", body });
      onChange?.(data.url);
    } catch (e) {
      setError(e instanceof HttpError ? (e.errors?.file ?? e.message) : t("image.failed"));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Space direction="vertical" size={8}>
      {value && <Image src={value} alt={label} width={200} style={{ borderRadius: 8 }} />}
      <Space>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {value ? t("image.replace") : t("image.upload")}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} aria-label={t("image.removeLabel", { label })}>
            {t("image.remove")}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary">{t("image.hint")}</Typography.Text>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Space>
  );
}
