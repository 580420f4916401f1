// Permission-row matching lives in @opsdeck/schema so the web app decides what a person may open
// exactly as the server does.
export {
  matchingRules,
  OBJECT_RESOURCES,
  permissionRowProblem,
  TARGET_RESOURCES,
  type Target,
} from '@opsdeck/schema/permissions';
