import { ComingSoon } from '../../ui/ComingSoon.js';

/** /notifications: notifications sent. */
export function NotificationsPage() {
  return (
    <ComingSoon title="Notifications">
      Notifications sent for checks, config items and components, with their status and the resource that caused them.
    </ComingSoon>
  );
}

/** /notifications/rules: who is told about what. */
export function NotificationRulesPage() {
  return (
    <ComingSoon title="Notification rules">
      The rules that decide which events notify which people, teams or channels.
    </ComingSoon>
  );
}

/** /notifications/resource/:resourceId: the notifications of one resource. */
export function ResourceNotificationsPage() {
  return (
    <ComingSoon title="Resource notifications">
      Every notification sent for one check, config item or component.
    </ComingSoon>
  );
}

/** /notifications/silences: active and expired silences. */
export function SilencesPage() {
  return (
    <ComingSoon title="Silences">
      Silences that hold notifications back for a resource, until a time or indefinitely.
    </ComingSoon>
  );
}

/** /notifications/silences/add: create a silence (needs write). */
export function AddSilencePage() {
  return (
    <ComingSoon title="Add silence">A form to silence notifications for a resource, by filter or selector.</ComingSoon>
  );
}
