import { z } from 'zod';
import { execConnectionsSchema } from '../../catalog/scrapers/exec.js';
import { dateMathProblem } from '../../time/dateMath.js';
import { durationSchema } from '../../time/duration.js';
import { checkSchema, envVarSchema, namedEnvVarSchema, unsupportedField } from './common.js';
import { sizeSchema } from './units.js';

/** Which files a folder check counts (all must hold). */
export const folderFilterSchema = z.strictObject({
  minAge: durationSchema.optional(),
  maxAge: durationSchema.optional(),
  /** Only files modified after this time: RFC 3339, date math (`now-60d`) or a template giving either. */
  since: z
    .string()
    .superRefine((v, ctx) => {
      const problem = isTemplate(v) ? undefined : dateMathProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  minSize: sizeSchema.optional(),
  maxSize: sizeSchema.optional(),
  /** Matched against the file name. */
  regex: z
    .string()
    .refine((r) => {
      if (isTemplate(r)) return true; // checked once rendered, at run time
      try {
        new RegExp(r);
        return true;
      } catch {
        return false;
      }
    }, 'invalid regular expression')
    .optional(),
});

/** A Go template, rendered when the check runs (canary-checker templates filter values). */
function isTemplate(v: string): boolean {
  return v.includes('{{');
}

const remoteFolder = unsupportedField(
  'only local folders are supported; use the s3 or sftp check types for remote storage',
);

/** `folder`: lists a local directory and tests the age, count and size of the files in it. */
export const folderCheckSchema = checkSchema({
  path: z.string().min(1, 'path is required'),
  recursive: z.boolean().optional(),
  filter: folderFilterSchema.optional(),
  /** The newest file must be at least this old. */
  minAge: durationSchema.optional(),
  /** The newest file must be at most this old. */
  maxAge: durationSchema.optional(),
  minCount: z.number().int().min(0).optional(),
  maxCount: z.number().int().min(0).optional(),
  /** The smallest file must be at least this big. */
  minSize: sizeSchema.optional(),
  /** The largest file must be at most this big. */
  maxSize: sizeSchema.optional(),
  /** The filesystem must have at least this much free space. */
  availableSize: sizeSchema.optional(),
  /** The filesystem must be at least this big. */
  totalSize: sizeSchema.optional(),
  awsConnection: remoteFolder,
  gcpConnection: remoteFolder,
  smbConnection: remoteFolder,
  sftpConnection: remoteFolder,
});
export type FolderCheck = z.infer<typeof folderCheckSchema>;

/** A path that stays inside the directory it is relative to (no `..` step). */
function staysInside(p: string): boolean {
  return !p.split(/[\\/]+/).includes('..');
}

/** Files an exec check keeps after its run: a path or glob, relative to the script's directory or absolute. */
export const execArtifactSchema = z.strictObject({
  path: z
    .string()
    .min(1, 'path is required')
    .refine(staysInside, "a '..' step is not allowed; name the file from the script's directory or absolutely"),
});

/** Most files one run may keep (each at most MAX_ARTIFACT_BYTES, see the exec runner). */
export const MAX_ARTIFACT_PATHS = 20;

/** `checkout`: a git repository cloned (shallow) before the script runs, which then runs inside it. */
export const gitCheckoutSchema = z.strictObject({
  url: z.string().min(1, 'url is required'),
  branch: z.string().min(1).optional(),
  /** Directory of the clone, relative to the run's scratch directory (default `checkout`). */
  destination: z
    .string()
    .min(1)
    .refine((d) => !d.startsWith('/') && staysInside(d), 'destination must be a relative path without ..')
    .optional(),
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
  connection: unsupportedField('git connections are not supported in checkout; set url, username and password'),
  certificate: unsupportedField('SSH keys are not supported in checkout; use an https URL with username and password'),
});
export type GitCheckout = z.infer<typeof gitCheckoutSchema>;

/** `exec`: runs a bash script; passes when it exits 0 unless `test` says otherwise. */
export const execCheckSchema = checkSchema({
  script: z.string().min(1, 'script is required'),
  env: z.array(namedEnvVarSchema).optional(),
  /** Cloud credentials handed to the script as the variables their CLIs read (as exec scrapers do). */
  connections: execConnectionsSchema.optional(),
  checkout: gitCheckoutSchema.optional(),
  artifacts: z
    .array(execArtifactSchema)
    .max(MAX_ARTIFACT_PATHS, `at most ${MAX_ARTIFACT_PATHS} artifact paths`)
    .optional(),
});
export type ExecCheck = z.infer<typeof execCheckSchema>;

/** `junit`: reads JUnit XML reports from the `testResults` directory; passes when none failed. */
export const junitCheckSchema = checkSchema({
  testResults: z.string().min(1, 'testResults (a directory of JUnit XML files) is required'),
  /** Minutes to wait for the results (Mission Control's unit); 5 when unset. */
  timeout: z.number().positive().optional(),
  spec: unsupportedField('running a pod is not supported; point testResults at a directory of JUnit XML files'),
  artifacts: unsupportedField(
    'junit artifacts come from the test pod, which OpsDeck does not run; an exec check can keep reports as artifacts',
  ),
});
export type JunitCheck = z.infer<typeof junitCheckSchema>;
