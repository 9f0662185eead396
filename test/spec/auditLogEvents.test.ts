/**
 * The audit-log event table: one number per name, the numbers the platform documents (checked
 * against the OpenAPI document's AuditLogActionTypes where it is present), and the error-code table
 * beside it: one code per name, one message per code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AuditLogEvent } from '../../src/spec/auditLogEvents.js';
import { ErrorCode } from '../../src/spec/codes.js';
import { errorMessages } from '../../src/spec/errorMessages.js';
import { hasOpenApi, openApiPath } from '../support/openapi.js';

describe('AuditLogEvent', () => {
  it('gives each event its own number', () => {
    const numbers = Object.values(AuditLogEvent);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('holds the numbers of the change notices: VOICE_CHANNEL_STATUS_UPDATE 192, _DELETE 193', () => {
    expect(AuditLogEvent.VOICE_CHANNEL_STATUS_UPDATE).toBe(192);
    expect(AuditLogEvent.VOICE_CHANNEL_STATUS_DELETE).toBe(193);
  });

  it.skipIf(!hasOpenApi)(
    `matches the OpenAPI document's AuditLogActionTypes${hasOpenApi ? '' : ' (SKIPPED: no OpenAPI document)'}`,
    () => {
      const doc = JSON.parse(readFileSync(openApiPath, 'utf8')) as {
        components: { schemas: Record<string, { oneOf?: Array<{ title?: string; const?: number }> }> };
      };
      const documented = new Map(
        (doc.components.schemas.AuditLogActionTypes?.oneOf ?? []).map((o) => [o.const, o.title]),
      );
      for (const [name, number] of Object.entries(AuditLogEvent)) {
        // The OpenAPI document names 192 VOICE_CHANNEL_STATUS_CREATE; the specification's notices say _UPDATE.
        const expected = number === 192 ? 'VOICE_CHANNEL_STATUS_CREATE' : name;
        expect(documented.get(number), `${name} = ${number}`).toBe(expected);
      }
    },
  );
});

describe('ErrorCode and errorMessages', () => {
  it('gives each code its own number and one message', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(
      Object.keys(errorMessages)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...codes].sort((a, b) => a - b));
    for (const code of codes) expect(errorMessages[code]).toMatch(/\S/);
  });
});
