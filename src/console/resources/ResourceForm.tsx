import { useEffect, useState, type ReactNode } from "react";
import { useForm } from "@refinedev/antd";
import { useGetIdentity, useWarnAboutChange, type BaseRecord, type HttpError } from "@refinedev/core";
import { Form, Input, Skeleton } from "antd";
import { initialValues } from "../../../resources/compile";
import { scheduleOf, type ResourceDefinition } from "../../../resources/types";
import type { Identity } from "../../../providers/authProvider";
import { ScheduleFields } from "../schedule/ScheduleFields";
import { zoneOr } from "../schedule/zoned";
import { isSuperadmin, session } from "../../../providers/session";
import { RecordStateAlert } from "../approvals/StateAlert";
import type { ApprovalFields } from "../approvals/state";
import { ChangedElsewhereAlert, useChangedElsewhere } from "../live/changedElsewhere";
import { PresenceAvatars, usePresence } from "../live/presence";
import { CenterSelect } from "./CenterSelect";
import { isStaleSave, saveFailedNotice, showConflict } from "./conflict";
import { serverFieldErrors } from "../serverErrors";
import { FormField } from "./inputs/FormField";
import { FORM_WIDGETS } from "./inputs/formWidgets";
import { RecordLoadError } from "./RecordView";
import { useConfirmBack } from "./useConfirmBack";
import { useFollowingSlugs } from "./useFollowingSlugs";
import type { Row } from "./model";
import { t } from "../../../providers/i18n";
import { CountedHelp } from "../layout/CountedHelp";

export interface ResourceFormProps {
  definition: ResourceDefinition;
  action: "create" | "edit";
  id?: number | string;
  preset?: Record<string, string>;
  readOnly?: boolean;
  onSaved?: (record: Row) => void;
  /** Renders the save / cancel buttons with the form's submit handler and state. */
  footer: (state: { submit: () => void; saving: boolean; loading: boolean }) => ReactNode;
}

const serverCenter = (definition: ResourceDefinition) => definition.scope === "center" && isSuperadmin(session.getUser()) && !session.getCenter();

/**
 * The form of any resource: one widget per field, server errors beside the fields, 409 → reload
 * dialog. An edit form says who else has the record open, and when someone else changed it.
 */
export function ResourceForm({ definition, action, id, preset = {}, readOnly, onSaved, footer }: ResourceFormProps) {
  // Once loaded, the record stays as the user opened it: a list's live refresh or a reconnect
  // refetching everything must not replace what they are typing. A change by someone else shows
  // an alert instead, and Reload (or the user's own save) reads it again.
  const [settled, setSettled] = useState(false);
  const scheduled = !!scheduleOf(definition);
  const { data: identity } = useGetIdentity<Identity>();
  // The schedule's fields are not the definition's: their labels for the server's messages.
  const fieldLabels = scheduled
    ? {
        label: definition.label,
        fields: [...definition.fields, { name: "go_live_at", label: t("schedule.goLiveAt") }, { name: "take_down_at", label: t("schedule.takeDownAt") }],
      }
    : definition;
  const { setWarnWhen } = useWarnAboutChange();
  const { formProps, form, query, formLoading, onFinish } = useForm<BaseRecord, HttpError, BaseRecord>({
    resource: definition.name,
    action,
    id,
    liveMode: "off",
    queryOptions: { enabled: !settled },
    redirect: false,
    // The loader already shows 'Success' with the server's message (spec §7).
    successNotification: false,
    // A stale save gets its dialog and an unreachable server the shell's one "retrying" banner
    // instead of an error on every form; any other failure says the save failed, and why.
    errorNotification: (error) => saveFailedNotice(definition, error),
    // Field errors are set below, as sentences, rather than Refine's copy of the server's fragments.
    disableServerSideValidation: true,
    onMutationSuccess: ({ data }) => {
      // A form that stays open (a center's one record) reads back the version it just saved.
      setSettled(false);
      onSaved?.(data as Row);
    },
    onMutationError: (error) => {
      // Nothing was saved: leaving must still warn about the edits.
      setWarnWhen(true);
      if (isStaleSave(error)) {
        showConflict(() => reload());
        return;
      }
      const fields = error.statusCode === 400 ? serverFieldErrors(error, undefined, fieldLabels) : null;
      if (fields) {
        // In the form's order, so the first one in error is the one scrolled to and focused.
        const order = (name: string) => {
          const at = definition.fields.findIndex((f) => f.name === name);
          return at < 0 ? Number.MAX_SAFE_INTEGER : at;
        };
        fields.sort((a, b) => order(a.name) - order(b.name));
        form.setFields(fields);
        form.scrollToField(fields[0]!.name, { behavior: "smooth", block: "center", focus: true });
      }
    },
    warnWhenUnsavedChanges: true,
  });

  const followSlugs = useFollowingSlugs(definition, form, action === "create");

  // Browser Back from unsaved changes asks first, like the console's own links.
  useConfirmBack();
  // A form closed without leaving the page (a drawer's Cancel) leaves nothing to warn about.
  useEffect(() => () => setWarnWhen(false), [setWarnWhen]);
  const record = query?.data?.data as Row | undefined;
  const loaded = action === "edit" && !!query?.isSuccess && !query.isFetching;
  useEffect(() => {
    if (loaded) setSettled(true);
  }, [loaded]);
  const watched = action === "edit" ? id : undefined;
  // Someone who may only read the record is not "also editing" it.
  const viewers = usePresence(definition.name, readOnly ? undefined : watched);
  const [changed, dismissChange] = useChangedElsewhere({ resource: definition.name, id: watched, version: record?.version });
  const reload = async () => {
    await query?.refetch();
    // The fields show the server's version even when the refetch brought nothing new to the
    // cache (an earlier refetch already had it): Refine resets them only when the data changes.
    form.resetFields();
    setWarnWhen(false);
    dismissChange();
  };

  if (action === "edit" && query?.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (action === "edit" && query?.isError) {
    return <RecordLoadError definition={definition} error={query.error} onRetry={() => void query.refetch()} />;
  }

  // A failed save is shown beside the fields or in the conflict dialog, not thrown further.
  const submit = (values: BaseRecord) =>
    onFinish(action === "edit" ? { ...values, version: record?.version } : { ...values, ...preset }).catch(() => undefined);

  return (
    <>
      <PresenceAvatars viewers={viewers} />
      {changed && <ChangedElsewhereAlert change={changed} label={definition.label.toLowerCase()} dirty={() => form.isFieldsTouched()} onReload={reload} />}
      {/* A rejected record says why at once: the author fixes it and saves to resubmit. */}
      {action === "edit" && definition.approval && record && <RecordStateAlert record={record as ApprovalFields} />}
      <Form
        {...formProps}
        initialValues={action === "create" ? initialValues(definition, preset) : formProps.initialValues}
        onFinish={submit}
        onValuesChange={(changed, all) => {
          // Refine's own (the unsaved-changes warning) first.
          formProps.onValuesChange?.(changed, all);
          followSlugs(changed);
        }}
        layout="vertical"
        disabled={readOnly}
        scrollToFirstError={{ behavior: "smooth", block: "center", focus: true }}
      >
        {action === "create" && serverCenter(definition) && (
          <Form.Item name="center_code" label={t("resource.center")} rules={[{ required: true, message: t("resource.chooseCenter") }]}>
            <CenterSelect placeholder={t("resource.chooseCenter")} />
          </Form.Item>
        )}
        {definition.fields
          .filter((field) => !(field.name in preset))
          .map((field) => (
            <FormField key={field.name} field={field} mode={action} definition={definition} widgets={FORM_WIDGETS} />
          ))}
        {scheduled && (
          <ScheduleFields
            definition={definition}
            zone={zoneOr((record as { center_time_zone?: string } | undefined)?.center_time_zone ?? identity?.center?.time_zone)}
          />
        )}
        {definition.history && action === "edit" && (
          <Form.Item name="change_note" label={t("resource.changeNote")} extra={<CountedHelp>{t("resource.changeNoteHelp")}</CountedHelp>}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        )}
      </Form>
      {!readOnly && footer({ submit: () => form.submit(), saving: formLoading && !query?.isLoading, loading: formLoading })}
    </>
  );
}
