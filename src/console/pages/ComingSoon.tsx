import { Card, Result } from "antd";
import { ToolOutlined } from "@ant-design/icons";
import { t } from "../../i18n";
import { PageTitle } from "../PageTitle";

export default function ComingSoon({ title, feature }: { title: string; feature: string }) {
  return (
    <>
      <PageTitle>{t(title)}</PageTitle>
      <Card>
        <Result icon={<ToolOutlined />} subTitle={t("pages.comingSoon", { feature: t(`pages.${feature}`) })} />
      </Card>
    </>
  );
}
