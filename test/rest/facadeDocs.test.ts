/**
 * The facades' TSDoc comes from THE route table: every entry of an operation map carries the doc
 * `syncFacadeDocs` writes from its route (run `npm run facades:docs` after changing the table), and an
 * editor shows it on the facade's method (read here as the language service reads it).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { facadeMethodName } from '../../src/rest/facades/facadeOf.js';
import { routes } from '../../src/spec/routes.js';
import { facadeDocParagraphs, facadeEntries, syncFacadeDocs } from './support/facadeDocs.js';

const dir = new URL('../../src/rest/facades/', import.meta.url);
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts'));
const areas = ['lobbies', 'guilds', 'invites', 'channels', 'users', 'applications', 'gateway'] as const;

describe('facade docs', () => {
  it.each(sources)('%s carries the TSDoc the route table gives', (file) => {
    const path = new URL(file, dir);
    const source = readFileSync(path, 'utf8');
    const expected = syncFacadeDocs(source, routes);
    if (process.env.LOBBYKIT_WRITE_FACADE_DOCS === '1' && expected !== source) writeFileSync(path, expected);
    else expect(source, `${file} is out of date: run \`npm run facades:docs\``).toBe(expected);
  });

  it('maps every operation of the table exactly once', () => {
    const mapped = sources.flatMap((f) => [...facadeEntries(readFileSync(new URL(f, dir), 'utf8')).values()]);
    expect([...mapped].sort()).toEqual(Object.keys(routes).sort());
  });

  it('declares each method by the name facadeOf gives it (the operation without the area noun)', () => {
    for (const file of sources) {
      for (const [method, name] of facadeEntries(readFileSync(new URL(file, dir), 'utf8'))) {
        expect(facadeMethodName(routes[name as keyof typeof routes]), `${file}: ${method}`).toBe(method);
      }
    }
  });

  it('reaches the editor: each facade method shows the doc of its operation', () => {
    // Only declarations are read, nothing is checked: the client and the facade modules alone, no
    // lib, no @types and no other module keep the program small (the rest of the types are errors).
    const roots = ['../RestClient.ts', ...sources].map((f) => new URL(f, dir).pathname);
    const program = ts.createProgram(roots, {
      noLib: true,
      noResolve: true,
      types: [],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const file = program.getSourceFiles().find((f) => f.fileName.endsWith('src/rest/RestClient.ts'));
    const decl = file?.statements.find(ts.isClassDeclaration);
    expect(decl?.name?.text).toBe('RestClient');
    const client = checker.getTypeAtLocation(decl as ts.ClassDeclaration);
    const documented: string[] = [];
    for (const area of areas) {
      const facade = checker.getTypeOfSymbol(client.getProperty(area) as ts.Symbol);
      for (const method of facade.getProperties()) {
        if (method.name.startsWith('#')) continue;
        const doc = ts.displayPartsToString(method.getDocumentationComment(checker));
        expect(doc, `${area}.${method.name} has TSDoc`).not.toBe('');
        // An operation's method is declared by its map entry (`create: 'createLobby';`); a helper by hand.
        const entry = method.declarations?.[0];
        const literal = entry && ts.isPropertySignature(entry) ? entry.type : undefined;
        if (!literal || !ts.isLiteralTypeNode(literal) || !ts.isStringLiteral(literal.literal)) continue;
        const name = literal.literal.text as keyof typeof routes;
        const [summary, facts] = facadeDocParagraphs(routes[name]);
        expect(doc.replace(/\s+/g, ' '), `${area}.${method.name}`).toBe(`${summary} ${facts}`);
        documented.push(name);
      }
    }
    expect(documented.sort()).toEqual(Object.keys(routes).sort());
  });
});
