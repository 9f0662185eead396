/**
 * Role connections (linked roles): an application's metadata records (bot token, its own
 * application only) and a user's connection values (bearer token with `role_connections.write`,
 * issued to the application of the path).
 *
 * - A path naming another application than the token's is 403 50001; an unknown application is
 *   404 code 10002 Unknown Application.
 * - Update Application Role Connection Metadata replaces the list (limits checked by the schema).
 * - Update User Role Connection keeps omitted fields, clears null ones, replaces `metadata` when
 *   given; every key must be one the application declared and each value must fit its type
 *   (400 50035 naming `metadata.KEY`).
 */
import { ErrorCode } from '../../../spec/codes.js';
import { userRoleConnectionIssues } from '../../../spec/schemas/roleConnection.js';
import { zodIssuesToFieldErrors } from '../../http/zodIssuesToFieldErrors.js';
import { fieldErrorTree, PlatformError } from '../../PlatformError.js';
import type { ApplicationRecord, RoleConnectionRecord } from '../../world/accountRecords.js';
import type { World } from '../../world/World.js';
import { callerApplication, callerUser } from '../access.js';
import type { Caller, ContextOf } from '../handlerTypes.js';

/** The application of the path, which must be the caller's own. */
function requireOwnApplication(world: World, caller: Caller, applicationId: string): ApplicationRecord {
  const application = world.applications.get(applicationId);
  if (!application) throw PlatformError.unknown(ErrorCode.UNKNOWN_APPLICATION);
  if (callerApplication(caller).id !== application.id) throw PlatformError.missingAccess();
  return application;
}

/** A metadata record as the platform answers it (localizations only when set). */
function renderMetadataRecord(record: Record<string, unknown>): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    type: record.type,
    key: record.key,
    name: record.name,
    description: record.description,
  };
  if (record.name_localizations != null) wire.name_localizations = record.name_localizations;
  if (record.description_localizations != null)
    wire.description_localizations = record.description_localizations;
  return wire;
}

/** Get Application Role Connection Metadata. */
export function getApplicationMetadata(ctx: ContextOf<'getApplicationRoleConnectionMetadata'>): unknown[] {
  const app = requireOwnApplication(ctx.world, ctx.caller, ctx.params.application_id);
  return app.role_connection_metadata.map(renderMetadataRecord);
}

/** Update Application Role Connection Metadata: the body replaces every record. */
export function updateApplicationMetadata(
  ctx: ContextOf<'updateApplicationRoleConnectionMetadata'>,
): unknown[] {
  const app = requireOwnApplication(ctx.world, ctx.caller, ctx.params.application_id);
  app.role_connection_metadata = ctx.body.map((record) => renderMetadataRecord({ ...record }));
  return app.role_connection_metadata.map(renderMetadataRecord);
}

function connectionKey(applicationId: string, userId: string): string {
  return `${applicationId}:${userId}`;
}

function renderConnection(record: RoleConnectionRecord | undefined): Record<string, unknown> {
  return {
    platform_name: record?.platform_name ?? null,
    platform_username: record?.platform_username ?? null,
    metadata: { ...(record?.metadata ?? {}) },
  };
}

/** Get User Role Connection: an empty connection when the user never set one. */
export function getUserConnection(ctx: ContextOf<'getUserRoleConnection'>): Record<string, unknown> {
  const app = requireOwnApplication(ctx.world, ctx.caller, ctx.params.application_id);
  const user = callerUser(ctx.caller);
  return renderConnection(ctx.world.roleConnections.get(connectionKey(app.id, user.id)));
}

/** Update User Role Connection. */
export function updateUserConnection(ctx: ContextOf<'updateUserRoleConnection'>): Record<string, unknown> {
  const app = requireOwnApplication(ctx.world, ctx.caller, ctx.params.application_id);
  const user = callerUser(ctx.caller);
  const records = app.role_connection_metadata.map((r) => ({ key: String(r.key), type: Number(r.type) }));
  const issues = userRoleConnectionIssues(ctx.body, records);
  if (issues.length > 0) throw PlatformError.invalidForm(fieldErrorTree(zodIssuesToFieldErrors(issues)));
  const key = connectionKey(app.id, user.id);
  const record: RoleConnectionRecord = ctx.world.roleConnections.get(key) ?? {
    user_id: user.id,
    application_id: app.id,
    platform_name: null,
    platform_username: null,
    metadata: {},
  };
  if (ctx.body.platform_name !== undefined) record.platform_name = ctx.body.platform_name;
  if (ctx.body.platform_username !== undefined) record.platform_username = ctx.body.platform_username;
  if (ctx.body.metadata !== undefined) record.metadata = { ...(ctx.body.metadata ?? {}) };
  ctx.world.roleConnections.set(key, record);
  return renderConnection(record);
}
