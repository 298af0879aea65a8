import { Card, Empty } from "antd";
import { t } from "../../i18n";
import { PageTitle } from "../PageTitle";

export default function CustomerChats() {
  return (
    <>
      <PageTitle>{t("chats.title")}</PageTitle>
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <strong>{t("chats.empty")}</strong>
              <br />
              <span>{t("chats.emptyHint")}</span>
            </>
          }
        />
      </Card>
    </>
  );
}
