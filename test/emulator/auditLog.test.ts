/**
 * The audit log over loopback HTTP: every entry the emulator writes carries an event number of the
 * spec's AuditLogEvent table (the one the client reads), by the acting user, with the request's
 * X-Audit-Log-Reason; and the emulator writes entries through its one recorder only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { AuditLogEvent, type AuditLogEventName } from '../../src/spec/auditLogEvents.js';
import { limits } from '../../src/spec/limits.js';
import { useEmulator } from '../support/emulator.js';
import { eventsAfter, lastSeq } from '../support/inviteFixtures.js';

const emu = useEmulator();
const G = `/guilds/${demo.guildId}`;
const [, , carol, , erin] = demo.users;
const reason = { 'X-Audit-Log-Reason': 'audit%20test' };

/** The event names of the audit entries written since `seq`, after checking each entry's number. */
async function auditedSince(seq: number): Promise<AuditLogEventName[]> {
  const entries = await eventsAfter(emu, seq, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
  const byNumber = new Map(Object.entries(AuditLogEvent).map(([name, n]) => [n as number, name]));
  return entries.map((entry) => {
    const name = byNumber.get(entry.data.action_type as number);
    expect(name, `action_type ${String(entry.data.action_type)} is in AuditLogEvent`).toBeDefined();
    expect(entry.data).toMatchObject({ guild_id: demo.guildId, user_id: demo.botUserId });
    return name as AuditLogEventName;
  });
}

describe('audit-log entries come from the spec table', () => {
  it('records each audited operation with its event number and the request reason', async () => {
    const seq = lastSeq(emu);
    const ok = async (method: string, path: string, json?: unknown): Promise<unknown> => {
      const res = await emu.call(method, path, { headers: reason, ...(json === undefined ? {} : { json }) });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    await ok('PATCH', G, { name: 'Audited Guild' });
    await ok('POST', `${G}/channels`, { name: 'audited' });
    const role = (await ok('POST', `${G}/roles`, { name: 'audited' })) as { id: string };
    await ok('PATCH', `${G}/roles/${role.id}`, { name: 'audited-2' });
    await ok('PUT', `${G}/members/${carol.id}/roles/${role.id}`);
    await ok('PATCH', `${G}/members/${carol.id}`, { nick: 'caz' });
    await ok('DELETE', `${G}/roles/${role.id}`);
    await ok('PUT', `${G}/bans/${erin.id}`, {});
    await ok('DELETE', `${G}/bans/${erin.id}`);
    await ok('PUT', `/channels/${demo.channelIds.voice}/voice-status`, { status: 'queue' });
    await ok('PUT', `/channels/${demo.channelIds.voice}/voice-status`, { status: null });
    const invite = (await ok('POST', `/channels/${demo.channelIds.general}/invites`, {})) as {
      code: string;
    };
    await ok('DELETE', `/invites/${invite.code}`);

    expect(await auditedSince(seq)).toEqual([
      'GUILD_UPDATE',
      'CHANNEL_CREATE',
      'ROLE_CREATE',
      'ROLE_UPDATE',
      'MEMBER_ROLE_UPDATE',
      'MEMBER_UPDATE',
      'ROLE_DELETE',
      'MEMBER_BAN_ADD',
      'MEMBER_BAN_REMOVE',
      'VOICE_CHANNEL_STATUS_UPDATE',
      'VOICE_CHANNEL_STATUS_DELETE',
      'INVITE_CREATE',
      'INVITE_DELETE',
    ]);
    const entries = await eventsAfter(emu, seq, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    // Set Voice Channel Status takes no X-Audit-Log-Reason (the specification does not mark it audit).
    const audited = 'audit test';
    expect(entries.map((e) => e.data.reason)).toEqual([
      ...Array<string>(9).fill(audited),
      null,
      null,
      audited,
      audited,
    ]);
  });

  it('keeps a reason of up to limits.auditLog.reasonMaxLength characters, the first ones of a longer one', async () => {
    const max = limits.auditLog.reasonMaxLength;
    expect(max).toBe(512);
    const sent: string[] = [];
    const seq = lastSeq(emu);
    for (const length of [max - 1, max, max + 1]) {
      // Characters that need escaping count once decoded ("é" is one character, six in the header).
      const text = `${'é'.repeat(3)}${'r'.repeat(length - 3)}`;
      sent.push(text);
      const res = await emu.call('PATCH', G, {
        headers: { 'X-Audit-Log-Reason': encodeURIComponent(text) },
        json: { name: `Audited ${length}` },
      });
      expect(res.status).toBe(200);
    }
    const entries = await eventsAfter(emu, seq, 'GUILD_AUDIT_LOG_ENTRY_CREATE');
    expect(entries.map((e) => e.data.reason)).toEqual([sent[0], sent[1], sent[2]?.slice(0, max)]);
    expect(entries.map((e) => (e.data.reason as string).length)).toEqual([max - 1, max, max]);
  });

  it('has no audit-log writer but the recorder, and no event number written out', () => {
    const root = join(import.meta.dirname, '../../src/emulator');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const matching = (re: RegExp): string[] =>
      files.filter((f) => re.test(readFileSync(join(root, f), 'utf8'))).map((f) => f.replaceAll('\\', '/'));
    expect(matching(/guilds\.audit\(/)).toEqual(['handlers/recordAudit.ts']);
    expect(matching(/action_type:\s*\d/)).toEqual([]);
  });
});
