import { useEffect } from "react";
import { useWarnAboutChange } from "@refinedev/core";
import { guardBack } from "../../lib/backGuard";
import { t } from "../../../providers/i18n";

/**
 * Browser Back (or Forward) from unsaved changes asks first, like the console's own links
 * (Refine's notifier covers those; nothing covers a history pop under a BrowserRouter).
 */
export function useConfirmBack() {
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  useEffect(() => {
    if (!warnWhen) return;
    return guardBack(() => {
      const leave = window.confirm(t("warnWhenUnsavedChanges"));
      if (leave) setWarnWhen(false);
      return leave;
    });
  }, [warnWhen, setWarnWhen]);
}
